/**
 * The Pushbullet note (at Pushbullet's address, with the integration's
 * access token): titled with the site's name, saying what happened to the
 * check.
 * @module
 */
import { downtimeText, nameThenCode, reasonSuffix, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { plainValue } from "./settings.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

/** A Pushbullet delivery. */
export function renderPushbullet(view: AlertView): HttpAlert {
  const name = nameThenCode(view);
  const downtime = downtimeText(view);
  const body =
    view.flip.status === "down"
      ? `The check "${name}" is DOWN${reasonSuffix(view)}.`
      : `The check "${name}" is UP.${downtime ? `\nThe downtime lasted ${downtime}.` : ""}`;
  const headers: Array<[string, string]> = [
    ["Access-Token", plainValue("pushbullet", view.channel.value)],
    ["Content-Type", "application/json"],
  ];
  return vendorAlert("pushbullet", jsonAlert("https://api.pushbullet.com/v2/pushes", { type: "note", title: view.site.name, body: templated(body) }, headers));
}
