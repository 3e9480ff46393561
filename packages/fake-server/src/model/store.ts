/**
 * The in-memory data of the fake service: accounts, projects, keys,
 * integrations, checks with their ping logs and flips, and the indexes the
 * request handlers look them up by.
 * @module
 */
import { toHex } from "../text/bytes.js";
import { digest } from "../text/digest.js";
import type { CHECK_DEFAULTS, PingType, StoredStatus } from "@checks-api/schema/lite";
import { RetiredSecrets } from "./retired-secrets.js";
import { DueQueue } from "./due-queue.js";

/**
 * Longest identifier, key, account, project or integration name the fake
 * takes (the service's are far shorter): checked on creation and on import.
 */
export const IDENTIFIER_MAX_LENGTH = 1_000;

type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;

/** A check's settings, named as on the wire (`timeout` and `schedule`/`tz` are all kept whatever the kind). */
export type CheckSettings = { -readonly [K in keyof typeof CHECK_DEFAULTS]: Widen<(typeof CHECK_DEFAULTS)[K]> };

/** The kind of a check, decided by its last `timeout` or `schedule`. */
export type CheckKind = "simple" | "cron" | "oncalendar";

/** Which kind of API key authenticated a request. */
export type KeyKind = "read-write" | "read-only";

/** An account: owns projects and the check and ping-log limits they share. */
export interface Account {
  /** The account's name (the project's id when the test did not name one). */
  name: string;
  /** Checks allowed across all the account's projects. */
  checkLimit: number;
  /** Pings kept per check. */
  pingLogLimit: number;
  /** The account's projects. */
  projects: Set<Project>;
  /**
   * The address of the account's user, or `null`: an email alert to this
   * address lists the account's projects ("Projects Overview").
   */
  ownerEmail: string | null;
}

/** An integration (notification channel) of a project. */
export interface StoredChannel {
  /** UUID. */
  id: string;
  /** Display name, may be empty. */
  name: string;
  /** Integration kind (`email`, `slack`, …). */
  kind: string;
  /** Settings in the service's stored text form (`""`: none given). */
  value: string;
  /** A disabled integration is skipped by every delivery (a permanent failure disables it). */
  disabled: boolean;
  /** Error text of the last delivery, `""` after a success or before any. */
  lastError: string;
}

/** A project: the unit API keys give access to. */
export interface Project {
  /** Project UUID. */
  id: string;
  /** Project name. */
  name: string;
  /** The owning account. */
  account: Account;
  /** Read-write API key, or `null` when the project has none. */
  readWriteKey: string | null;
  /** Read-only API key, or `null`. */
  readOnlyKey: string | null;
  /** Key of the slug ping URLs. */
  pingKey: string;
  /** Key of the badge URLs. */
  badgeKey: string;
  /** Checks by UUID, in creation order. */
  checks: Map<string, StoredCheck>;
  /** Integrations, in creation order. */
  channels: StoredChannel[];
}

/** One entry of a check's ping log. */
export interface PingRecord {
  /** Sequence number within the check, from 1. */
  n: number;
  /** The recorded kind of the ping. */
  type: PingType;
  /** Arrival time, epoch ms. */
  at: number;
  /** `http`, `https` (as forwarded) or `email`. */
  scheme: string;
  /** Caller address, or `null`. */
  remoteAddr: string | null;
  /** HTTP method, `""` for email. */
  method: string;
  /** User agent, at most 200 characters. */
  ua: string;
  /** Run id, lowercase, or `null`. */
  rid: string | null;
  /** Stored body bytes (`null` or empty: no body). */
  body: Uint8Array | null;
  /** Exit status sent in the URL (`/ping/<uuid>/<n>`), or `null`. */
  exitStatus: number | null;
}

/** A change of a check's stored status. */
export interface FlipRecord {
  /** When it happened (for timeouts: when the check went down), epoch ms. */
  at: number;
  /** Previous stored status. */
  from: StoredStatus;
  /** New stored status. */
  to: StoredStatus;
  /** `fail`, `timeout`, or `""` for successes, pauses and resumes. */
  reason: "" | "fail" | "timeout";
  /**
   * Whether the notification processor has taken it (or never will: flips
   * that notify nobody are stored processed).
   */
  processed: boolean;
}

/** A flip waiting for the notification processor. */
export interface PendingFlip {
  /** The check it belongs to (it may have been deleted since). */
  check: StoredCheck;
  /** The flip. */
  flip: FlipRecord;
}

/**
 * The flips the notification processor has not taken yet, in recording
 * order. A plain array with a read index: adding and taking are O(1).
 */
export class FlipQueue {
  #items: PendingFlip[] = [];
  #head = 0;

  /** Number of flips waiting. */
  get size(): number {
    return this.#items.length - this.#head;
  }

  /** Appends a flip. */
  push(check: StoredCheck, flip: FlipRecord): void {
    this.#items.push({ check, flip });
  }

  /** Takes the oldest flip, or `undefined` when none waits. */
  take(): PendingFlip | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head] as PendingFlip;
    this.#items[this.#head++] = undefined as unknown as PendingFlip;
    // Compact once the taken part dominates, so the array stays proportional to what waits.
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  /** Forgets every waiting flip. */
  clear(): void {
    this.#items = [];
    this.#head = 0;
  }
}

/** A check with everything the service stores about it. */
export interface StoredCheck extends CheckSettings {
  /** Check UUID. */
  uuid: string;
  /** Owning project. */
  project: Project;
  /** Creation order across the store (upsert picks the oldest). */
  seq: number;
  /** Creation time, epoch ms. */
  created: number;
  /** Decides whether `timeout` or `schedule`/`tz` is in force. */
  kind: CheckKind;
  /** UUID of the check's own badge (`badge_url`). */
  badgeKey: string;
  /** SHA-1 derived key shown to read-only keys. */
  uniqueKey: string;
  /** Pings ever received. */
  nPings: number;
  /** Last success or failure signal, epoch ms. */
  lastPing: number | null;
  /** Pending start signal, epoch ms. */
  lastStart: number | null;
  /** Run id of the pending start. */
  lastStartRid: string | null;
  /** Duration of the last completed run, ms. */
  lastDuration: number | null;
  /** Stored status (`grace` is never stored). */
  status: StoredStatus;
  /** Next expected ping `E` (only while `up`), cached because schedules are costly to evaluate. */
  expected: number | null;
  /** "Goes down at" `D`, epoch ms. */
  alertAfter: number | null;
  /** Position in the detector's queue. */
  heapIndex: number;
  /** Assigned integration UUIDs. */
  channels: Set<string>;
  /** Ping log, ordered by `n`, pruned to the account's limit. */
  pings: PingRecord[];
  /** Every status change, in recording order. */
  flips: FlipRecord[];
  /**
   * The HTTP layer's cached JSON of this check, opaque to the model (which
   * must not depend on the representation); `null` whenever a setting changed.
   */
  jsonCache: object | null;
}

/**
 * The check's `unique_key`: SHA-1 hex of the first 16 hex digits of its UUID.
 */
export function uniqueKeyOf(uuid: string): string {
  return toHex(digest("sha1", uuid.replaceAll("-", "").slice(0, 16)));
}

/** What a registered API key opens. */
export interface KeyEntry {
  /** The project the key belongs to. */
  project: Project;
  /** Read-write or read-only. */
  kind: KeyKind;
}

/** All data of one fake server, with lookup indexes. */
export class Store {
  /** Accounts by name. */
  readonly accounts = new Map<string, Account>();
  /** Projects by id, in creation order. */
  readonly projects = new Map<string, Project>();
  /** API keys. */
  readonly keys = new Map<string, KeyEntry>();
  /** Projects by ping key. */
  readonly pingKeys = new Map<string, Project>();
  /** Projects by badge key. */
  readonly badgeKeys = new Map<string, Project>();
  /** Every check by UUID. */
  readonly checks = new Map<string, StoredCheck>();
  /** Every check by unique key. */
  readonly checksByUniqueKey = new Map<string, StoredCheck>();
  /** Every check by its badge UUID. */
  readonly checksByBadgeKey = new Map<string, StoredCheck>();
  /** Checks that will go down by time, soonest first. */
  readonly due = new DueQueue<StoredCheck>();
  /** Flips waiting for the notification processor, in recording order. */
  readonly pendingFlips = new FlipQueue();
  /**
   * Flips dropped from a check's history once the notification processor
   * had taken them, which nothing refers to any more: the next flips are
   * written into them rather than into new records.
   */
  readonly spareFlips: FlipRecord[] = [];
  /** Last creation sequence number handed out. */
  seq = 0;
  /** Secrets no longer held (deleted checks' UUIDs…), still masked in the journal; kept by {@link Store.clear}. */
  readonly retired = new RetiredSecrets();

  /** Checks owned by an account, across its projects. */
  accountCheckCount(account: Account): number {
    let n = 0;
    for (const project of account.projects) n += project.checks.size;
    return n;
  }

  /** Whether `secret` is one the store holds now: an API key, a ping key or a check UUID (in lowercase). */
  holds(secret: string): boolean {
    return this.keys.has(secret) || this.pingKeys.has(secret) || this.checks.has(secret);
  }

  /** Adds a check to its project and to every index. */
  addCheck(check: StoredCheck): void {
    check.project.checks.set(check.uuid, check);
    this.checks.set(check.uuid, check);
    this.checksByUniqueKey.set(check.uniqueKey, check);
    this.checksByBadgeKey.set(check.badgeKey, check);
    this.due.update(check);
  }

  /** Removes a check with its pings and flips from the project and every index. */
  removeCheck(check: StoredCheck): void {
    this.retired.add(check.uuid);
    check.project.checks.delete(check.uuid);
    this.checks.delete(check.uuid);
    this.checksByUniqueKey.delete(check.uniqueKey);
    this.checksByBadgeKey.delete(check.badgeKey);
    this.due.remove(check);
  }

  /** Forgets everything but the retired secrets; those it held are retired too. */
  clear(): void {
    for (const key of this.keys.keys()) this.retired.add(key);
    for (const key of this.pingKeys.keys()) this.retired.add(key);
    for (const uuid of this.checks.keys()) this.retired.add(uuid);
    this.accounts.clear();
    this.projects.clear();
    this.keys.clear();
    this.pingKeys.clear();
    this.badgeKeys.clear();
    this.checks.clear();
    this.checksByUniqueKey.clear();
    this.checksByBadgeKey.clear();
    this.due.clear();
    this.pendingFlips.clear();
    this.seq = 0;
  }
}
