/**
 * The `call` kind: a number called through Twilio's API (`twilio.ts`) when
 * a check goes down, saying one sentence; it never reports `up`.
 * @module
 */
import type { ChannelSettings } from "@checks-api/schema/lite";
import { escapeHtml } from "../../text/html-escape.js";
import { serviceJson } from "../../text/json.js";
import { callText, statusCallback, twilioAlert, TWILIO } from "../notify/twilio.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "call";

function renderCall(view: AlertView): HttpAlert {
  const text = callText(view);
  return twilioAlert(view, KIND, "Calls.json", text, (to) => [
    ["From", TWILIO.twilioFrom],
    ["To", to],
    ["Twiml", `<Response><Say>${escapeHtml(text)}</Say></Response>`],
    ["StatusCallback", statusCallback(view)],
  ]);
}

/** The `call` kind. */
export const call = {
  kind: KIND,
  builder: {
    /**
     * A phone number to call (calls are made only when a check goes down).
     * @example
     * ```ts
     * channels.call("+15551234567");
     * ```
     */
    call(number: string): TypedChannel<typeof KIND> {
      return made(KIND, serviceJson({ value: number } satisfies ChannelSettings<typeof KIND>));
    },
  },
  render: renderCall,
  downOnly: true,
  vendor: true,
} satisfies KindModule<typeof KIND>;
