/**
 * The Signal message. The service hands it to `signal-cli` as a JSON-RPC
 * `send` call over a local socket, which the fake cannot reach; it records
 * the same call as the `POST` that `signal-cli`'s HTTP daemon takes
 * (`/api/v1/rpc`): the recipient (a username prefixed `u:`), the message as
 * plain text, and its bold and monospace runs as Signal text styles.
 * @module
 */
import { codePointLength } from "../../text/code-points.js";
import { escapeHtml } from "../../text/html-escape.js";
import { factLines, HTML_FACTS } from "../notify/fact-lines.js";
import { downtimeText, nameThenCode, reasonSuffix, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { othersLines } from "../notify/others.js";
import { objectValue } from "../notify/settings.js";
import { deliveryUuid } from "../notify/vendor-stand-ins.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { phoneChannel, switchedOn, type Directions, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "signal";

// The operator's settings the kind sends, as the fake stands them in: fixed texts a test can look for, never real credentials.
/** Where the JSON-RPC requests of `signal-cli` stand (its HTTP daemon's endpoint). */
const SIGNAL_RPC = "http://signal-cli.invalid/api/v1/rpc";

const UNESCAPED: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/**
 * The message's text without its `<b>` and `<code>` tags, and the runs they
 * marked as `start:length:STYLE` (in code points, as the service counts).
 */
export function signalStyles(markup: string): { text: string; styles: string[] } {
  let text = "";
  let length = 0;
  let start = 0;
  const styles: string[] = [];
  for (const part of markup.split(/(<\/?(?:b|code)>)/)) {
    if (part === "<b>" || part === "<code>") start = length;
    else if (part === "</b>") styles.push(`${start}:${length - start}:BOLD`);
    else if (part === "</code>") styles.push(`${start}:${length - start}:MONOSPACE`);
    else {
      const plain = part.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => UNESCAPED[entity] as string);
      text += plain;
      length += codePointLength(plain);
    }
  }
  return { text, styles };
}

/** The message as the service's template marks it up. */
export function signalMarkup(view: AlertView): string {
  const name = escapeHtml(nameThenCode(view));
  const downtime = downtimeText(view);
  const lines =
    view.flip.status === "down"
      ? [`The check <b>${name}</b> is <b>DOWN</b>${reasonSuffix(view)}.`]
      : [`The check <b>${name}</b> is now <b>UP</b>.${downtime ? ` The downtime lasted ${downtime}.` : ""}`];
  lines.push("", ...factLines(view, HTML_FACTS));
  lines.push(...othersLines(view, (other, lastPing) => `\u2022 <b>${other.name || other.uuid}</b> (last ping: ${lastPing})`));
  return templated(lines.join("\n"));
}

function renderSignal(view: AlertView): HttpAlert {
  const value = objectValue(KIND, view.channel.value).value as string;
  const { text, styles } = signalStyles(signalMarkup(view));
  return jsonAlert(SIGNAL_RPC, {
    jsonrpc: "2.0",
    method: "send",
    params: { recipient: [value.includes(".") ? `u:${value}` : value], message: text, textStyle: styles },
    id: deliveryUuid(view, KIND),
  });
}

/** The `signal` kind. */
export const signal = {
  kind: KIND,
  builder: {
    /**
     * A Signal recipient: a phone number or a username.
     * @example
     * ```ts
     * channels.signal("+15551234567", { up: false });
     * ```
     */
    signal(number: string, directions?: Directions): TypedChannel<typeof KIND> {
      return phoneChannel(KIND, number, directions);
    },
  },
  render: renderSignal,
  notifies: switchedOn,
  vendor: true,
} satisfies KindModule<typeof KIND>;
