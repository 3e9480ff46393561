/**
 * The Opsgenie alert (at Opsgenie's US or EU address, by the integration's
 * region): created going down, with the check's tags, description and
 * facts, keyed by the check's public `unique_key`; closed by that key
 * going up.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { escapeHtml } from "../../text/html-escape.js";
import { lastPingSummary } from "../notify/chat-fields.js";
import { cloakedUrl, formatPeriod, nameThenCode, reasonSuffix, tagList, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { objectValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { serviceJson } from "../../text/json.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "opsgenie";

function renderOpsgenie(view: AlertView): HttpAlert {
  const { check } = view;
  const settings = objectValue(KIND, view.channel.value);
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
  return jsonAlert(url, payload, [["Content-Type", "application/json"], ["Authorization", `GenieKey ${settings.key as string}`]]);
}

/** The `opsgenie` kind. */
export const opsgenie = {
  kind: KIND,
  builder: {
    /**
     * An Opsgenie API integration's key, in the US (default) or EU region.
     * @example
     * ```ts
     * channels.opsgenie("a1b2c3d4-api-key", { region: "eu" });
     * ```
     */
    opsgenie(key: string, { region = "us" }: { region?: ChannelSettings<typeof KIND>["region"] } = {}): TypedChannel<typeof KIND> {
      return made(KIND, serviceJson({ region, key } satisfies ChannelSettings<typeof KIND>));
    },
  },
  render: renderOpsgenie,
  vendor: true,
} satisfies KindModule<typeof KIND>;
