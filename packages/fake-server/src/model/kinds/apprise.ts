/**
 * The Apprise notification. The service passes it to the Apprise library,
 * which sends it to the integration's Apprise URL in that service's own
 * format; the fake cannot, and records it as the `POST` an Apprise API
 * server's stateless `/notify` endpoint takes: the URL, a title
 * (`name is DOWN`), a body (the reason or the downtime) and the type,
 * `failure` going down and `success` going up.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { downtimeText, nameThenCode, reasonLong, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "apprise";

// The operator's settings the kind sends, as the fake stands them in: fixed texts a test can look for, never real credentials.
/** Where Apprise's notifications stand (an Apprise API server's stateless endpoint). */
const APPRISE_NOTIFY = "http://apprise.invalid/notify";

function renderApprise(view: AlertView): HttpAlert {
  const down = view.flip.status === "down";
  const reason = down ? reasonLong(view.flip.reason) : null;
  const downtime = downtimeText(view);
  return jsonAlert(APPRISE_NOTIFY, {
    urls: plainValue(KIND, view.channel.value),
    title: templated(`${escapeHtml(nameThenCode(view))} is ${view.flip.status.toUpperCase()}`),
    body: templated(reason ? `Reason: ${reason}.` : downtime ? `The downtime lasted ${downtime}.` : ""),
    type: down ? "failure" : "success",
  });
}

/** The `apprise` kind. */
export const apprise = {
  kind: KIND,
  builder: {
    /**
     * An Apprise notification URL.
     * @example
     * ```ts
     * channels.apprise("json://127.0.0.1:9000/apprise");
     * ```
     */
    apprise(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: renderApprise,
  vendor: true,
} satisfies KindModule<typeof KIND>;
