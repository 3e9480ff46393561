/**
 * The PagerDuty event (Events API v1, at PagerDuty's own address): an
 * incident keyed by the check's public `unique_key`, triggered going down
 * and resolved going up, with the check's facts as details.
 * @module
 */
import { lastPingSummary } from "./chat-fields.js";
import { formatPeriod, nameThenCode, reasonSuffix, tagList, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { checkDeclared } from "./declared-settings.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

/** PagerDuty's events endpoint. */
export const PAGERDUTY_URL = "https://events.pagerduty.com/generic/2010-04-15/create_event.json";

/** A PagerDuty delivery; the settings are the service key, or `{"service_key", "account"}`. */
export function renderPagerDuty(view: AlertView): HttpAlert {
  const { check } = view;
  const object = checkDeclared("pd", view.channel.value);
  const details: Record<string, unknown> = {
    Project: view.project.name,
    "Total pings": view.lastPing?.n ?? 0,
    "Last ping": lastPingSummary(view),
  };
  if (check.desc) details.Description = check.desc;
  if (check.tags) details.Tags = tagList(check.tags).join(", ");
  if (check.kind === "simple") details.Period = formatPeriod(check.timeout);
  else Object.assign(details, { Schedule: check.schedule, "Time zone": check.tz });
  const down = view.flip.status === "down";
  return vendorAlert(
    "pd",
    jsonAlert(PAGERDUTY_URL, {
      service_key: object === null ? view.channel.value : object.service_key,
      incident_key: check.uniqueKey,
      event_type: down ? "trigger" : "resolve",
      description: templated(down ? `${nameThenCode(view)} is DOWN${reasonSuffix(view)}.` : `${nameThenCode(view)} received a ping and is now UP`),
      client: view.site.name,
      client_url: `${view.site.root}/checks/${check.uuid}/details/`,
      details,
    }),
  );
}
