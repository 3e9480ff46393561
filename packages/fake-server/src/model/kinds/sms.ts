/**
 * The `sms` kind: a number texted one line about the check through
 * Twilio's API (`twilio.ts`), each direction switched on or off.
 * @module
 */
import { phoneText, statusCallback, twilioAlert, TWILIO } from "../notify/twilio.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { phoneChannel, switchedOn, type Directions, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "sms";

function renderSms(view: AlertView): HttpAlert {
  const text = phoneText(view);
  return twilioAlert(view, KIND, "Messages.json", text, (to) => [
    ["To", to],
    ["Body", text],
    ["StatusCallback", statusCallback(view)],
    ["RiskCheck", "disable"],
    ["From", TWILIO.twilioFrom],
  ]);
}

/** The `sms` kind. */
export const sms = {
  kind: KIND,
  builder: {
    /**
     * A phone number to text.
     * @example
     * ```ts
     * channels.sms("+15551234567");
     * ```
     */
    sms(number: string, directions?: Directions): TypedChannel<typeof KIND> {
      return phoneChannel(KIND, number, directions);
    },
  },
  render: renderSms,
  notifies: switchedOn,
  vendor: true,
} satisfies KindModule<typeof KIND>;
