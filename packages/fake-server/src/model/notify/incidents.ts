/**
 * The incident tools that take a check as an incident keyed by its public
 * `unique_key`: Spike, PagerTree and Splunk On-Call (`victorops`). Each
 * posts JSON to the integration's URL with a title such as
 * `name is DOWN (received a failure signal)` and, going down after a
 * ping, a description adding `Last ping was 5 minutes ago.`.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { nameThenCode, reasonSuffix, tagList, templated } from "./formats.js";
import { jsonAlert } from "./http-alert.js";
import { naturalTime } from "./natural-time.js";
import { plainValue } from "./settings.js";
import type { AlertView, HttpAlert } from "./view.js";

/** `name is DOWN (reason)` or `name is UP`; the name as given (`escape`: HTML-escaped, as some templates print it). */
function headline(view: AlertView, escape = false): string {
  const name = escape ? escapeHtml(nameThenCode(view)) : nameThenCode(view);
  return `${name} is ${view.flip.status.toUpperCase()}${reasonSuffix(view)}`;
}

/** The headline as a sentence and, for a down flip after a ping, when that ping came. */
function description(view: AlertView, escape: boolean): string {
  const lines = [`${headline(view, escape)}.`];
  if (view.flip.status === "down" && view.lastPing !== null) lines.push("", `Last ping was ${naturalTime(view.lastPing.at, view.now)}.`);
  return templated(lines.join("\n"));
}

/** A Spike delivery. */
export function renderSpike(view: AlertView): HttpAlert {
  return jsonAlert(plainValue("spike", view.channel.value), {
    check_id: view.check.uniqueKey,
    title: templated(headline(view)),
    message: description(view, false),
    status: view.flip.status,
  });
}

/** A PagerTree delivery: an incident triggered going down, resolved going up. */
export function renderPagerTree(view: AlertView): HttpAlert {
  return jsonAlert(plainValue("pagertree", view.channel.value), {
    incident_key: view.check.uniqueKey,
    event_type: view.flip.status === "down" ? "trigger" : "resolve",
    title: templated(headline(view)),
    description: description(view, true),
    client: view.site.name,
    client_url: view.site.root,
    tags: tagList(view.check.tags).join(" "),
  });
}

/** A Splunk On-Call delivery: a `CRITICAL` message going down, `RECOVERY` going up. */
export function renderVictorOps(view: AlertView): HttpAlert {
  return jsonAlert(plainValue("victorops", view.channel.value), {
    entity_id: view.check.uniqueKey,
    message_type: view.flip.status === "down" ? "CRITICAL" : "RECOVERY",
    entity_display_name: nameThenCode(view),
    state_message: templated(`${headline(view)}.`),
    monitoring_tool: view.site.name,
  });
}
