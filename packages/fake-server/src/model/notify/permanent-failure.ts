/**
 * The answers after which the service gives a channel up: a Slack webhook
 * answering 404, or 400 with the body `invalid_token` (the webhook's owner
 * was deactivated), and a Discord or Splunk On-Call webhook answering
 * 404. Such a delivery is not retried and the channel is disabled until it
 * is edited; for every other kind and answer the usual retries apply.
 * @module
 */

/** Whether an HTTP answer of `status` with body `bodyText` ends a channel of `kind` for good. */
export function isPermanentFailure(kind: string, status: number, bodyText: string): boolean {
  if (kind === "slack") return status === 404 || (status === 400 && bodyText === "invalid_token");
  if (kind === "discord" || kind === "victorops") return status === 404;
  return false;
}
