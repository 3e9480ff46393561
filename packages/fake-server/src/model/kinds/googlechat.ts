/**
 * The Google Chat message: a card with one section, whose first widget is
 * the headline (`🔴 The check <b>name</b> is <b>DOWN</b>.` and the reason,
 * or `🟢 … is now <b>UP</b>.` and the downtime; the name HTML-escaped),
 * then the check's facts as labelled texts, then a button to the check's
 * public page.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { lastPingSummary } from "../notify/chat-fields.js";
import { cloakedUrl, downtimeText, formatPeriod, nameThenCode, reasonLong, tagList, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "googlechat";

function headline(view: AlertView): string {
  const name = escapeHtml(nameThenCode(view));
  if (view.flip.status === "down") {
    const reason = reasonLong(view.flip.reason);
    return templated([`\u{1f534} The check <b>${name}</b> is <b>DOWN</b>.`, ...(reason ? [`Reason: ${reason}.`] : [])].join("\n"));
  }
  const downtime = downtimeText(view);
  return templated([`\u{1f7e2} The check <b>${name}</b> is now <b>UP</b>.`, ...(downtime ? [`The downtime lasted ${downtime}.`] : [])].join("\n"));
}

function renderGoogleChat(view: AlertView): HttpAlert {
  const { check } = view;
  const fact = (topLabel: string, text: string) => ({ decoratedText: { topLabel, text } });
  const widgets: unknown[] = [{ textParagraph: { text: headline(view) } }];
  if (view.project.name) widgets.push(fact("Project", view.project.name));
  const tags = tagList(check.tags);
  if (tags.length > 0) widgets.push(fact("Tags", tags.join(", ")));
  if (check.kind === "simple") widgets.push(fact("Period", formatPeriod(check.timeout)));
  else widgets.push(fact("Schedule", check.schedule), fact("Time Zone", check.tz));
  widgets.push(fact("Total Pings", String(view.lastPing?.n ?? 0)), fact("Last Ping", lastPingSummary(view)));
  widgets.push({
    buttonList: { buttons: [{ text: `View in ${view.site.name}`, type: "FILLED", onClick: { openLink: { url: cloakedUrl(view) } } }] },
  });
  const card = { sections: { collapsible: true, uncollapsibleWidgetsCount: 1, widgets } };
  return jsonAlert(plainValue(KIND, view.channel.value), { cardsV2: [{ card }] });
}

/** The `googlechat` kind. */
export const googlechat = {
  kind: KIND,
  builder: {
    /**
     * A Google Chat space's webhook.
     * @example
     * ```ts
     * channels.googlechat("https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t");
     * ```
     */
    googlechat(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: renderGoogleChat,
} satisfies KindModule<typeof KIND>;
