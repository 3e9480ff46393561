/**
 * The ping log endpoints: list with per-ping durations, and a ping's body
 * (`docs/reference.md#the-ping-log`).
 * @module
 */
import { DURATION_PAIRING_WINDOW_SECONDS, PING_LIST_MAX } from "@checks-api/schema/lite";
import { pyRound } from "../../text/py-float.js";
import { representContext } from "../exchange.js";
import { representPing } from "../represent.js";
import type { Reply } from "../reply.js";
import { apiFailure, jsonReply, reply } from "../responses.js";
import type { PingRecord, StoredCheck } from "../../model/store.js";
import type { CheckRequest } from "./checks.js";

const WINDOW_MS = DURATION_PAIRING_WINDOW_SECONDS * 1000;
// When more page entries than this would need a look-up before the page,
// the service gives up on durations for the whole page.
const MAX_ORPHANS = 10;
const MAX_PING_NUMBER = 2_147_483_647;

/** `GET checks/{uuid}/pings/`: the newest `min(ping_log_limit, 1000)` pings, newest first. */
export function listPings(req: CheckRequest, check: StoredCheck): Reply {
  const limit = Math.min(check.project.account.pingLogLimit, PING_LIST_MAX);
  const start = Math.max(0, check.pings.length - limit);
  const page = check.pings.slice(start);
  const durations = pageDurations(check.pings, start);
  const ctx = representContext(req.core, req.ex.now, req.version);
  const pings: Record<string, unknown>[] = [];
  for (let i = page.length - 1; i >= 0; i--) {
    const ping = page[i] as PingRecord;
    pings.push(representPing(ping, check, ctx, durations.get(ping)));
  }
  return jsonReply(200, { pings }, req.cors);
}

const pairs = (type: PingRecord["type"]): boolean => type === "start" || type === "success" || type === "fail";
// The service prints `round(seconds, 2)` of a float.
const round2 = (seconds: number): number => pyRound(seconds, 2);

/**
 * Per-ping durations of the page `log[start..]`: a success or
 * failure pairs with the latest earlier start/success/fail of the same run id
 * when that is a start less than 72 h before it.
 */
function pageDurations(log: readonly PingRecord[], start: number): Map<PingRecord, number> {
  const durations = new Map<PingRecord, number>();
  const oldest = log[start];
  if (!oldest) return durations;
  const latestByRid = new Map<string | null, PingRecord>();
  const orphans: PingRecord[] = [];
  for (let i = start; i < log.length; i++) {
    const ping = log[i] as PingRecord;
    if (!pairs(ping.type)) continue;
    if (ping.type !== "start") {
      const previous = latestByRid.get(ping.rid);
      if (previous) {
        if (previous.type === "start" && ping.at - previous.at < WINDOW_MS) setDuration(durations, ping, previous);
      } else if (ping.at - oldest.at < WINDOW_MS) {
        orphans.push(ping);
      }
    }
    latestByRid.set(ping.rid, ping);
  }
  if (orphans.length > MAX_ORPHANS) return new Map();
  for (const ping of orphans) {
    const previous = latestBefore(log, start, ping);
    if (previous?.type === "start") setDuration(durations, ping, previous);
  }
  return durations;
}

// A start after its end (the clock was set back between them) gives no duration: the service never shows a negative one.
function setDuration(durations: Map<PingRecord, number>, ping: PingRecord, start: PingRecord): void {
  if (ping.at >= start.at) durations.set(ping, round2((ping.at - start.at) / 1000));
}

// The latest start/success/fail with the same run id stored before the page
// and at most 72 hours before `ping`.
function latestBefore(log: readonly PingRecord[], start: number, ping: PingRecord): PingRecord | undefined {
  for (let i = start - 1; i >= 0; i--) {
    const candidate = log[i] as PingRecord;
    if (ping.at - candidate.at > WINDOW_MS) return undefined;
    if (pairs(candidate.type) && candidate.rid === ping.rid) return candidate;
  }
  return undefined;
}

/** `GET checks/{uuid}/pings/{n}/body`: the stored bytes as `text/plain`. */
export function getPingBody(req: CheckRequest, check: StoredCheck, nText: string): Reply {
  const compat = req.core.options.compat;
  const n = nText.length > 10 ? Number.POSITIVE_INFINITY : Number(nText);
  if (n > MAX_PING_NUMBER || n <= check.nPings - check.project.account.pingLogLimit) {
    return apiFailure(compat, "notFoundPage");
  }
  const first = check.pings[0];
  const ping = first ? check.pings[n - first.n] : undefined;
  if (!ping || ping.n !== n || !ping.body || ping.body.byteLength === 0) return apiFailure(compat, "notFoundPage");
  return reply(200, ping.body.slice(), { ...req.cors, "Content-Type": "text/plain" });
}
