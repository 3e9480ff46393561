/**
 * The `whatsapp` kind: a number sent the service's content template with
 * the check's name as its variable, through Twilio's API (`twilio.ts`),
 * each direction switched on or off.
 * @module
 */
import { serviceJson } from "../../text/json.js";
import { nameThenCode } from "../notify/formats.js";
import { phoneText, statusCallback, twilioAlert, TWILIO } from "../notify/twilio.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { phoneChannel, switchedOn, type Directions, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "whatsapp";

function renderWhatsApp(view: AlertView): HttpAlert {
  return twilioAlert(view, KIND, "Messages.json", phoneText(view), (to) => [
    ["To", `whatsapp:${to}`],
    ["From", `whatsapp:${TWILIO.twilioFrom}`],
    ["MessagingServiceSid", TWILIO.twilioMessagingService],
    ["ContentSid", TWILIO.whatsappContent[view.flip.status]],
    ["ContentVariables", serviceJson({ 1: nameThenCode(view) })],
    ["StatusCallback", statusCallback(view)],
  ]);
}

/** The `whatsapp` kind. */
export const whatsapp = {
  kind: KIND,
  builder: {
    /**
     * A WhatsApp number.
     * @example
     * ```ts
     * channels.whatsapp("+15551234567", { up: false });
     * ```
     */
    whatsapp(number: string, directions?: Directions): TypedChannel<typeof KIND> {
      return phoneChannel(KIND, number, directions);
    },
  },
  render: renderWhatsApp,
  notifies: switchedOn,
  vendor: true,
} satisfies KindModule<typeof KIND>;
