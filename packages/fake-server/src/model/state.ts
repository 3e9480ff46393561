/**
 * Export and import of the whole fake state as a versioned JSON document
 * (for the CLI's `--state` file and for snapshots in tests).
 * @module
 */
import { CHECK_DEFAULTS } from "@checks-api/schema/lite";
import { fromBase64, toBase64 } from "../text/bytes.js";
import type { RandomState } from "./ids.js";
import { channelInfo, type ChannelInfo, type ProjectInfo } from "./projects.js";
import { FLIP_HISTORY_LIMIT, rearm } from "./status.js";
import {
  uniqueKeyOf,
  type Account,
  type CheckSettings,
  type FlipRecord,
  type PendingFlip,
  type PingRecord,
  type Project,
  type Store,
  type StoredCheck,
} from "./store.js";

/** Version of the state document this module writes and reads. */
export const STATE_VERSION = 1;

/**
 * A logged ping as the state document and `FakeServer.pings()` show it: the
 * ping as the fake stored it, its body bytes as base64 (`null` when there is
 * no body) so that it survives JSON.
 */
export type PingState = Omit<PingRecord, "body" | "exitStatus"> & {
  /** Body bytes as base64, or `null`. */
  body: string | null;
  /** Exit status sent with the ping, or `null` (absent in documents written before it was kept: none). */
  exitStatus?: number | null;
};

/**
 * A logged ping in the state document: as {@link PingState}, except that a
 * body several pings share (one message mailed to several checks, or to one
 * check several times) is written once, in {@link FakeState.bodies}, and
 * named by its index here, `body` being then `null`.
 */
export type PingDocumentState = PingState & {
  /** Index in {@link FakeState.bodies} of this ping's body (absent when `body` holds it). */
  sharedBody?: number;
};

/** A flip in the state document. */
export type FlipState = Omit<FlipRecord, "processed"> & {
  /** Whether its notifications are done (absent in documents written before they existed, or made elsewhere: done). */
  processed?: boolean;
};

/** An integration in the state document; settings, flag and last error are absent in documents written before they existed. */
export type ChannelState = Pick<ChannelInfo, "id" | "name" | "kind"> & Partial<Pick<ChannelInfo, "value" | "disabled" | "lastError">>;

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
> & {
  /** Every status change, in recording order. */
  flips: FlipState[];
  /** Owning project's id. */
  project: string;
  /** Settings named as on the wire. */
  settings: CheckSettings;
  /** Assigned integration UUIDs. */
  channels: string[];
  /** Stored ping log. */
  pings: PingDocumentState[];
};

/** A project in the state document: what the control API shows of it, without the account's settings (kept per account), plus its integrations. */
export type ProjectState = Omit<ProjectInfo, "checkLimit" | "pingLogLimit" | "ownerEmail"> & {
  /** Integrations in creation order. */
  channels: ChannelState[];
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
  accounts: {
    name: string;
    checkLimit: number;
    pingLogLimit: number;
    /** Address of the account's user (absent in documents written before it existed: none). */
    ownerEmail?: string | null;
  }[];
  /** Projects in creation order. */
  projects: ProjectState[];
  /** Checks of every project. */
  checks: CheckState[];
  /**
   * Ping bodies that several pings share, base64, each written once (an
   * email ping keeps the whole message, up to 32 MiB, for each recipient);
   * absent when there are none.
   */
  bodies?: string[];
  /**
   * Secrets the fake no longer holds (UUIDs of deleted checks, keys a
   * reset or an import replaced), oldest first, which its journal keeps
   * masking; absent when there are none.
   */
  retired?: string[];
}

const SETTING_KEYS = Object.keys(CHECK_DEFAULTS) as (keyof CheckSettings)[];

function settingsOf(check: CheckSettings): CheckSettings {
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) out[key] = check[key];
  return out as CheckSettings;
}

/**
 * A check's ping log, oldest first, as the state document holds it. The
 * pings of one body (an email naming the check several times) share one
 * base64 string: it is encoded once, and held once by whoever reads them.
 */
export function pingStates(check: StoredCheck): PingState[] {
  const texts = new Map<Uint8Array, string>();
  const text = (body: Uint8Array): string => texts.get(body) ?? texts.set(body, toBase64(body)).get(body)!;
  return check.pings.map((p) => ({ ...p, body: p.body ? text(p.body) : null }));
}

/**
 * Writes each body that several pings hold once, as the state document
 * does: `bodies` collects those (base64), and each of their pings names
 * its body by index. Bodies are told apart by `B`'s identity (a stored
 * body's bytes, or the base64 string the fake hands every ping of it).
 */
export class SharedBodies<B extends Uint8Array | string> {
  readonly bodies: string[] = [];
  readonly #text: (body: B) => string;
  readonly #uses = new Map<B, number>();
  readonly #index = new Map<B, number>();

  /** @param all every body of every ping to be written; `text` gives a body's base64. */
  constructor(all: Iterable<B | null>, text: (body: B) => string) {
    this.#text = text;
    for (const body of all) if (body !== null) this.#uses.set(body, (this.#uses.get(body) ?? 0) + 1);
  }

  /** `ping` as the document writes it: its body inline, or named in `bodies`. */
  ping<P extends { body: B | null }>(ping: P): Omit<P, "body"> & { body: string | null; sharedBody?: number } {
    const { body } = ping;
    if (body === null || (this.#uses.get(body) ?? 0) < 2) return { ...ping, body: body === null ? null : this.#text(body) };
    let index = this.#index.get(body);
    if (index === undefined) {
      index = this.bodies.push(this.#text(body)) - 1;
      this.#index.set(body, index);
    }
    return { ...ping, body: null, sharedBody: index };
  }
}

function* storedBodies(store: Store): Iterable<Uint8Array | null> {
  for (const project of store.projects.values()) for (const check of project.checks.values()) for (const ping of check.pings) yield ping.body;
}

/** Snapshots the store. */
export function exportStore(store: Store, clock: number, random: RandomState | null): FakeState {
  const projects: ProjectState[] = [];
  const checks: CheckState[] = [];
  const shared = new SharedBodies(storedBodies(store), toBase64);
  for (const project of store.projects.values()) {
    projects.push({
      id: project.id,
      name: project.name,
      account: project.account.name,
      readWriteKey: project.readWriteKey,
      readOnlyKey: project.readOnlyKey,
      pingKey: project.pingKey,
      badgeKey: project.badgeKey,
      channels: project.channels.map(channelInfo),
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
        pings: check.pings.map((ping) => shared.ping(ping)),
        flips: check.flips.map((f) => ({ ...f })),
      });
    }
  }
  const state: FakeState = {
    version: STATE_VERSION,
    clock,
    random,
    seq: store.seq,
    accounts: [...store.accounts.values()].map((a) => ({
      name: a.name,
      checkLimit: a.checkLimit,
      pingLogLimit: a.pingLogLimit,
      ownerEmail: a.ownerEmail,
    })),
    projects,
    checks,
  };
  // A secret held again (an import brought it back) is saved where it lives.
  const retired = store.retired.values().filter((secret) => !store.holds(secret));
  if (retired.length > 0) state.retired = retired;
  if (shared.bodies.length > 0) state.bodies = shared.bodies;
  return state;
}

/**
 * Replaces the store's content with a state document that
 * `validateState` (model/state-validation.ts) accepted; every check is
 * requeued for the timeout detector.
 */
export function importStore(store: Store, state: FakeState): void {
  store.clear();
  for (const secret of state.retired ?? []) store.retired.add(secret);
  store.seq = state.seq;
  const waiting: PendingFlip[] = [];
  const bodies = (state.bodies ?? []).map((body) => fromBase64(body));
  for (const a of state.accounts) {
    const account: Account = {
      name: a.name,
      checkLimit: a.checkLimit,
      pingLogLimit: a.pingLogLimit,
      projects: new Set(),
      ownerEmail: a.ownerEmail ?? null,
    };
    store.accounts.set(a.name, account);
  }
  for (const p of state.projects) {
    const account = store.accounts.get(p.account) as Account;
    const project: Project = {
      id: p.id,
      name: p.name,
      account,
      readWriteKey: p.readWriteKey,
      readOnlyKey: p.readOnlyKey,
      pingKey: p.pingKey,
      badgeKey: p.badgeKey,
      checks: new Map(),
      channels: p.channels.map((c) => ({
        id: c.id,
        name: c.name,
        kind: c.kind,
        value: c.value ?? "",
        disabled: c.disabled ?? false,
        lastError: c.lastError ?? "",
      })),
    };
    account.projects.add(project);
    store.projects.set(project.id, project);
    if (project.readWriteKey !== null) store.keys.set(project.readWriteKey, { project, kind: "read-write" });
    if (project.readOnlyKey !== null) store.keys.set(project.readOnlyKey, { project, kind: "read-only" });
    store.pingKeys.set(project.pingKey, project);
    store.badgeKeys.set(project.badgeKey, project);
  }
  for (const c of [...state.checks].sort((a, b) => a.seq - b.seq)) {
    const project = store.projects.get(c.project) as Project;
    // Spreads last, as in check creation: one hidden class for every check.
    const check: StoredCheck = {
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
      channels: new Set(c.channels),
      pings: c.pings.map((p) => pingRecord(p, bodies)),
      flips: c.flips.map((f) => ({ at: f.at, from: f.from, to: f.to, reason: f.reason, processed: f.processed ?? true })),
      jsonCache: null,
      ...CHECK_DEFAULTS,
      ...settingsOf(c.settings),
    };
    store.addCheck(check);
    rearm(store, check);
    for (const flip of check.flips) if (!flip.processed) waiting.push({ check, flip });
    // A document may hold more flips than a check keeps: the newest are kept, and every waiting one is still delivered.
    if (check.flips.length > FLIP_HISTORY_LIMIT) check.flips.splice(0, check.flips.length - FLIP_HISTORY_LIMIT);
  }
  // The document keeps each check's flips apart, so their recording order
  // across checks is lost; time order is the nearest to it.
  waiting.sort((a, b) => a.flip.at - b.flip.at);
  for (const { check, flip } of waiting) store.pendingFlips.push(check, flip);
}

// Only the record's own members: a document's extra members stay out of the store.
function pingRecord(p: PingDocumentState, bodies: readonly Uint8Array[]): PingRecord {
  const body = p.sharedBody !== undefined ? (bodies[p.sharedBody] ?? null) : p.body === null ? null : fromBase64(p.body);
  const exitStatus = p.exitStatus ?? null;
  return { n: p.n, type: p.type, at: p.at, scheme: p.scheme, remoteAddr: p.remoteAddr, method: p.method, ua: p.ua, rid: p.rid, body, exitStatus };
}
