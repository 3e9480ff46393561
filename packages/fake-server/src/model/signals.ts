/**
 * What a ping does to a check (`docs/reference.md#what-each-signal-does`) and how it is logged
 * (`docs/reference.md#the-ping-log`).
 * @module
 */
import type { PingType } from "@checks-api/schema/lite";
import { rearm, recordFlip } from "./status.js";
import type { PingRecord, Store, StoredCheck } from "./store.js";

/** A ping about to be applied: everything but its sequence number. */
export type IncomingPing = Omit<PingRecord, "n">;

// The service prunes the ping log each time the ping count reaches a
// multiple of this, so at most limit + 99 entries are kept.
const PRUNE_EVERY = 100;

/**
 * Applies a ping to a check and logs it. `ping.type` is the action decided
 * by the endpoint and filters; a paused check with `manual_resume` turns it
 * into `ign`. Returns the logged entry.
 */
export function applyPing(store: Store, check: StoredCheck, ping: IncomingPing): PingRecord {
  let type: PingType = ping.type;
  if (check.status === "paused" && check.manual_resume) type = "ign";
  const at = ping.at;
  if (type === "start") {
    check.lastStart = at;
    check.lastStartRid = ping.rid;
  } else if (type === "success" || type === "fail") {
    check.lastPing = at;
    check.lastDuration = null;
    if (check.lastStart !== null) {
      if (check.lastStartRid === ping.rid) {
        // A clock set back between the two gives no duration: the service, whose time never runs backwards, never shows a negative one.
        check.lastDuration = at >= check.lastStart ? at - check.lastStart : null;
        clearStart(check);
      } else if (type === "fail" || ping.rid === null) {
        clearStart(check);
      }
    }
    const to = type === "fail" ? "down" : "up";
    if (to !== check.status) recordFlip(store, check, at, to, type === "fail" ? "fail" : "");
  }
  rearm(store, check);
  check.nPings += 1;
  // A literal with a fixed member order keeps one hidden class for every
  // record; spreading gives each its own and quadruples the log's memory.
  const record: PingRecord = {
    n: check.nPings,
    type,
    at,
    scheme: ping.scheme,
    remoteAddr: ping.remoteAddr,
    method: ping.method,
    ua: ping.ua,
    rid: ping.rid,
    body: ping.body,
    exitStatus: ping.exitStatus,
  };
  check.pings.push(record);
  if (check.nPings % PRUNE_EVERY === 0) prunePings(check);
  return record;
}

/** Forgets the pending start signal. */
export function clearStart(check: StoredCheck): void {
  check.lastStart = null;
  check.lastStartRid = null;
}

function prunePings(check: StoredCheck): void {
  const threshold = check.nPings - check.project.account.pingLogLimit;
  let drop = 0;
  while (drop < check.pings.length && (check.pings[drop] as PingRecord).n <= threshold) drop++;
  if (drop > 0) check.pings.splice(0, drop);
}
