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
import { downtimeText, nameThenCode, reasonLong, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { plainValue } from "./settings.js";
import { VENDOR_STAND_INS } from "./vendor-stand-ins.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

/** An Apprise delivery. */
export function renderApprise(view: AlertView): HttpAlert {
  const down = view.flip.status === "down";
  const reason = down ? reasonLong(view.flip.reason) : null;
  const downtime = downtimeText(view);
  return vendorAlert(
    "apprise",
    jsonAlert(VENDOR_STAND_INS.appriseNotify, {
      urls: plainValue("apprise", view.channel.value),
      title: templated(`${escapeHtml(nameThenCode(view))} is ${view.flip.status.toUpperCase()}`),
      body: templated(reason ? `Reason: ${reason}.` : downtime ? `The downtime lasted ${downtime}.` : ""),
      type: down ? "failure" : "success",
    }),
  );
}
