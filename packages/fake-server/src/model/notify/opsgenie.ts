/**
 * The Opsgenie alert (at Opsgenie's US or EU address, by the integration's
 * region): created going down, with the check's tags, description and
 * facts, keyed by the check's public `unique_key`; closed by that key
 * going up.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { lastPingSummary } from "./chat-fields.js";
import { cloakedUrl, formatPeriod, nameThenCode, reasonSuffix, tagList, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { objectValue } from "./settings.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

/** An Opsgenie delivery. */
export function renderOpsgenie(view: AlertView): HttpAlert {
  const { check } = view;
  const settings = objectValue("opsgenie", view.channel.value);
  const payload: Record<string, unknown> = { alias: check.uniqueKey, source: view.site.name };
  let url = settings.region === "eu" ? "https://api.eu.opsgenie.com/v2/alerts" : "https://api.opsgenie.com/v2/alerts";
  if (view.flip.status === "down") {
    const details: Record<string, unknown> = {
      Project: view.project.name,
      "Total pings": view.lastPing?.n ?? 0,
      "Last ping": lastPingSummary(view),
    };
    if (check.kind === "simple") details.Period = formatPeriod(check.timeout);
    else Object.assign(details, { Schedule: `<code>${check.schedule}</code>`, "Time zone": check.tz });
    details["Full details"] = cloakedUrl(view);
    Object.assign(payload, {
      tags: tagList(check.tags),
      message: templated(`The check "${escapeHtml(nameThenCode(view))}" is DOWN${reasonSuffix(view)}.`),
      description: check.desc,
      details,
    });
  } else {
    url += `/${check.uniqueKey}/close?identifierType=alias`;
  }
  return vendorAlert("opsgenie", jsonAlert(url, payload, [["Content-Type", "application/json"], ["Authorization", `GenieKey ${settings.key as string}`]]));
}
