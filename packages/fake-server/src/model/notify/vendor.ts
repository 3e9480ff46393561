/**
 * The kinds whose address the vendor fixes (PagerDuty's, Telegram's,
 * Twilio's API…; the self-hosted pieces the service talks to, Signal's
 * `signal-cli` and the Apprise library, stand here as the JSON-RPC and
 * Apprise API requests that carry the same message). A test suite must not
 * reach those hosts, so such a request is recorded and never sent, unless
 * a base URL is given for the kind: the request then goes to that base,
 * with the vendor's path and query, so that a local receiver can take it.
 * @module
 */
import type { RenderedAlert } from "./view.js";

const ORIGIN = /^https?:\/\/[^/?#]*/i;

/**
 * `alert` with a vendor request moved to the base URL `urls` gives for its
 * kind (its path and query kept as written), and then sent like any other;
 * without one, and for every other alert, `alert` itself.
 */
export function routedAlert(alert: RenderedAlert, urls: Readonly<Partial<Record<string, string>>>): RenderedAlert {
  if (alert.type !== "http" || alert.vendor === undefined) return alert;
  const base = urls[alert.vendor];
  if (base === undefined) return alert;
  const { vendor: _routed, ...sent } = alert;
  return { ...sent, url: `${base.replace(/\/+$/, "")}${alert.url.replace(ORIGIN, "")}` };
}
