/**
 * The PagerDuty event (Events API v1, at PagerDuty's own address): an
 * incident keyed by the check's public `unique_key`, triggered going down
 * and resolved going up, with the check's facts as details.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { lastPingSummary } from "../notify/chat-fields.js";
import { formatPeriod, nameThenCode, reasonSuffix, tagList, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { checkDeclared } from "../notify/declared-settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { serviceJson } from "../../text/json.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "pd";

/** PagerDuty's events endpoint. */
const PAGERDUTY_URL = "https://events.pagerduty.com/generic/2010-04-15/create_event.json";

function renderPagerDuty(view: AlertView): HttpAlert {
  const { check } = view;
  const object = checkDeclared(KIND, view.channel.value);
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
  return jsonAlert(PAGERDUTY_URL, {
    service_key: object === null ? view.channel.value : object.service_key,
    incident_key: check.uniqueKey,
    event_type: down ? "trigger" : "resolve",
    description: templated(down ? `${nameThenCode(view)} is DOWN${reasonSuffix(view)}.` : `${nameThenCode(view)} received a ping and is now UP`),
    client: view.site.name,
    client_url: `${view.site.root}/checks/${check.uuid}/details/`,
    details,
  });
}

/** The `pd` kind. */
export const pd = {
  kind: KIND,
  builder: {
    /**
     * A PagerDuty service's integration key (the fake posts to the Events API v1 address, as the service does), with the account's name when it came from PagerDuty's sign-in.
     * @example
     * ```ts
     * channels.pd("0123456789abcdef0123456789abcdef");
     * ```
     */
    pd: (serviceKey: string, { account }: { account?: string } = {}): TypedChannel<typeof KIND> =>
      made(KIND, account === undefined ? serviceKey : serviceJson({ service_key: serviceKey, account } satisfies ChannelSettings<typeof KIND>)),
  },
  render: renderPagerDuty,
  vendor: true,
} satisfies KindModule<typeof KIND>;
