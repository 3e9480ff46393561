/**
 * What the service did with a ping, read from its answer: the status, and
 * for a 200 the text, since the hosted service answers a UUID ping it drops
 * with 200 and a qualified OK (`OK (not found)`, `OK (rate limited)`) for
 * old clients that look only at the status.
 * @module
 */
import { PING_RESPONSES } from "@checks-api/schema/lite";

/**
 * Why a ping was answered but not recorded.
 * @category Ping API
 */
export type NotRecordedOutcome = "not-found" | "ambiguous" | "rate-limited" | "ignored";

/**
 * What the service did with a ping.
 * @category Ping API
 */
export type PingOutcome = "recorded" | "created" | NotRecordedOutcome;

const BY_STATUS: Record<number, PingOutcome> = { 201: "created", 404: "not-found", 409: "ambiguous" };
const QUALIFIED_OK = new RegExp(`^${PING_RESPONSES.ok} \\((.*)\\)$`);
// The hosted service's reason for a ping over its per-check rate; the open-source service has none.
const RATE_LIMITED = "rate limited";

/**
 * The outcome of a ping answered with `status` and `text`: by status for
 * 201, 404 and 409, else recorded unless the text is a qualified OK
 * (`not-found`, `rate-limited`, or `ignored` for a reason the SDK does not know).
 */
export function pingOutcome(status: number, text: string): PingOutcome {
  const byStatus = BY_STATUS[status];
  if (byStatus) return byStatus;
  const reason = QUALIFIED_OK.exec(text.trim())?.[1];
  if (reason === undefined) return "recorded";
  if (reason === PING_RESPONSES.notFound) return "not-found";
  return reason === RATE_LIMITED ? "rate-limited" : "ignored";
}

/** True for the outcomes that mean the ping was recorded. */
export function isRecorded(outcome: PingOutcome): boolean {
  return outcome === "recorded" || outcome === "created";
}
