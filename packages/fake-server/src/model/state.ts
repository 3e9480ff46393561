/**
 * Export and import of the whole fake state as a versioned JSON document
 * (for the CLI's `--state` file and for snapshots in tests).
 * @module
 */
import { CHECK_DEFAULTS, PING_TYPES, STORED_STATUSES } from "@checks-api/schema";
import type { RandomState } from "./ids.js";
import type { ChannelInfo, ProjectInfo } from "./projects.js";
import { rearm } from "./status.js";
import {
  uniqueKeyOf,
  type Account,
  type CheckSettings,
  type FlipRecord,
  type PingRecord,
  type Project,
  type Store,
  type StoredCheck,
} from "./store.js";

/** Version of the state document this module writes and reads. */
export const STATE_VERSION = 1;

/**
 * A logged ping in the state document: the stored {@link PingRecord} with
 * its body bytes as base64 (`null` when there is no body) so it survives JSON.
 */
export type PingState = Omit<PingRecord, "body"> & {
  /** Body bytes as base64, or `null`. */
  body: string | null;
};

/**
 * A check in the state document: the persistent part of a {@link StoredCheck}
 * (times in epoch milliseconds), with references and collections in JSON form.
 */
export type CheckState = Pick<
  StoredCheck,
  | "uuid"
  | "seq"
  | "created"
  | "kind"
  | "badgeKey"
  | "nPings"
  | "lastPing"
  | "lastStart"
  | "lastStartRid"
  | "lastDuration"
  | "status"
  | "flips"
> & {
  /** Owning project's id. */
  project: string;
  /** Settings named as on the wire. */
  settings: CheckSettings;
  /** Assigned integration UUIDs. */
  channels: string[];
  /** Stored ping log. */
  pings: PingState[];
};

/** A project in the state document: what the control API shows of it, without the account's limits (kept per account), plus its integrations. */
export type ProjectState = Omit<ProjectInfo, "checkLimit" | "pingLogLimit"> & {
  /** Integrations in creation order. */
  channels: ChannelInfo[];
};

/** The whole fake state: JSON-serialisable. */
export interface FakeState {
  /** Version of the state document format (`STATE_VERSION` of the writer). */
  version: typeof STATE_VERSION;
  /** Clock time when exported, epoch ms. */
  clock: number;
  /** State of the seeded id generator (`null` when unseeded). */
  random: RandomState | null;
  /** Last creation sequence number. */
  seq: number;
  /** Accounts with their limits. */
  accounts: { name: string; checkLimit: number; pingLogLimit: number }[];
  /** Projects in creation order. */
  projects: ProjectState[];
  /** Checks of every project. */
  checks: CheckState[];
}

const SETTING_KEYS = Object.keys(CHECK_DEFAULTS) as (keyof CheckSettings)[];

function settingsOf(check: StoredCheck): CheckSettings {
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) out[key] = check[key];
  return out as CheckSettings;
}

/** Snapshots the store. */
export function exportStore(store: Store, clock: number, random: RandomState | null): FakeState {
  const projects: ProjectState[] = [];
  const checks: CheckState[] = [];
  for (const project of store.projects.values()) {
    projects.push({
      id: project.id,
      name: project.name,
      account: project.account.name,
      readWriteKey: project.readWriteKey,
      readOnlyKey: project.readOnlyKey,
      pingKey: project.pingKey,
      badgeKey: project.badgeKey,
      channels: project.channels.map((c) => ({ ...c })),
    });
    for (const check of project.checks.values()) {
      checks.push({
        uuid: check.uuid,
        project: project.id,
        seq: check.seq,
        created: check.created,
        kind: check.kind,
        badgeKey: check.badgeKey,
        settings: settingsOf(check),
        nPings: check.nPings,
        lastPing: check.lastPing,
        lastStart: check.lastStart,
        lastStartRid: check.lastStartRid,
        lastDuration: check.lastDuration,
        status: check.status,
        channels: [...check.channels],
        pings: check.pings.map((p) => ({ ...p, body: p.body ? Buffer.from(p.body).toString("base64") : null })),
        flips: check.flips.map((f) => ({ ...f })),
      });
    }
  }
  return {
    version: STATE_VERSION,
    clock,
    random,
    seq: store.seq,
    accounts: [...store.accounts.values()].map((a) => ({ name: a.name, checkLimit: a.checkLimit, pingLogLimit: a.pingLogLimit })),
    projects,
    checks,
  };
}

function fail(message: string): never {
  throw new TypeError(`invalid state document: ${message}`);
}

function arrayOf(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value)) fail(`${name} is not an array`);
  return value;
}

/**
 * Replaces the store's content with a state document (after checking its
 * version and shape); every check is requeued for the timeout detector.
 */
export function importStore(store: Store, state: FakeState): void {
  if (typeof state !== "object" || state === null) fail("not an object");
  if (state.version !== STATE_VERSION) fail(`unsupported version ${String(state.version)}`);
  const accounts = arrayOf(state.accounts, "accounts") as FakeState["accounts"];
  const projects = arrayOf(state.projects, "projects") as ProjectState[];
  const checks = arrayOf(state.checks, "checks") as CheckState[];
  store.clear();
  store.seq = Number.isSafeInteger(state.seq) ? state.seq : 0;
  for (const a of accounts) {
    const account: Account = { name: a.name, checkLimit: a.checkLimit, pingLogLimit: a.pingLogLimit, projects: new Set() };
    store.accounts.set(a.name, account);
  }
  for (const p of projects) {
    const account = store.accounts.get(p.account) ?? fail(`project ${p.id} names unknown account ${p.account}`);
    const project: Project = {
      id: p.id,
      name: p.name,
      account,
      readWriteKey: p.readWriteKey,
      readOnlyKey: p.readOnlyKey,
      pingKey: p.pingKey,
      badgeKey: p.badgeKey,
      checks: new Map(),
      channels: arrayOf(p.channels, "channels").map((c) => ({ ...(c as Project["channels"][number]) })),
    };
    account.projects.add(project);
    store.projects.set(project.id, project);
    if (project.readWriteKey !== null) store.keys.set(project.readWriteKey, { project, kind: "read-write" });
    if (project.readOnlyKey !== null) store.keys.set(project.readOnlyKey, { project, kind: "read-only" });
    store.pingKeys.set(project.pingKey, project);
    store.badgeKeys.set(project.badgeKey, project);
  }
  for (const c of [...checks].sort((a, b) => a.seq - b.seq)) {
    const project = store.projects.get(c.project) ?? fail(`check ${c.uuid} names unknown project ${c.project}`);
    if (!STORED_STATUSES.includes(c.status)) fail(`check ${c.uuid} has status ${String(c.status)}`);
    const check: StoredCheck = {
      ...CHECK_DEFAULTS,
      ...c.settings,
      uuid: c.uuid,
      project,
      seq: c.seq,
      created: c.created,
      kind: c.kind,
      badgeKey: c.badgeKey,
      uniqueKey: uniqueKeyOf(c.uuid),
      nPings: c.nPings,
      lastPing: c.lastPing,
      lastStart: c.lastStart,
      lastStartRid: c.lastStartRid,
      lastDuration: c.lastDuration,
      status: c.status,
      expected: null,
      alertAfter: null,
      heapIndex: -1,
      channels: new Set(arrayOf(c.channels, "channels") as string[]),
      pings: arrayOf(c.pings, "pings").map((p) => pingRecord(p as PingState)),
      flips: arrayOf(c.flips, "flips").map((f) => ({ ...(f as FlipRecord) })),
      jsonCache: null,
    };
    store.addCheck(check);
    rearm(store, check);
  }
}

function pingRecord(p: PingState): PingRecord {
  if (!PING_TYPES.includes(p.type)) fail(`ping type ${String(p.type)}`);
  return { ...p, body: p.body === null ? null : new Uint8Array(Buffer.from(p.body, "base64")) };
}
