/**
 * The phone kinds, through Twilio's API (at Twilio's address, as the
 * fake's Twilio account): an SMS with one line about the check, a WhatsApp
 * message from the service's content template with the check's name as
 * its variable, and a phone call (only going down) that says one sentence.
 * Each is a form `POST` with a status callback the service would be told
 * the outcome at.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { serviceJson } from "../../text/json.js";
import { downtimeText, nameThenCode, reasonSuffix, templated } from "./formats.js";
import { formAlert } from "./http-alert.js";
import { objectValue } from "./settings.js";
import { deliveryUuid, VENDOR_STAND_INS } from "./vendor-stand-ins.js";
import { vendorAlert } from "./vendor.js";
import type { AlertView, HttpAlert } from "./view.js";

const ACCOUNT_URL = `https://api.twilio.com/2010-04-01/Accounts/${VENDOR_STAND_INS.twilioAccount}`;

/** The text an SMS carries (and the WhatsApp template stands for): `Mychecks: The check "backup" is DOWN (…).` */
export function phoneText(view: AlertView): string {
  const name = nameThenCode(view);
  const site = escapeHtml(view.site.name);
  if (view.flip.status === "down") return templated(`${site}: The check "${name}" is DOWN${reasonSuffix(view)}.`);
  const downtime = downtimeText(view);
  return templated(`${site}: The check "${name}" is UP.${downtime ? ` The downtime lasted ${downtime}.` : ""}`);
}

/** What a phone call says. */
export function callText(view: AlertView): string {
  return templated(`Hello! A message from ${escapeHtml(view.site.name)}: The check "${nameThenCode(view)}" is down.`);
}

function statusCallback(view: AlertView): string {
  return `${view.site.root}/api/v3/notifications/${deliveryUuid(view, "twilio")}/status`;
}

// The integration's number is given to `form`; `text` is what the message says, kept in the delivery's record.
function twilio(view: AlertView, kind: "sms" | "whatsapp" | "call", resource: string, text: string, form: (to: string) => Array<[string, string]>): HttpAlert {
  const to = objectValue(kind, view.channel.value).value as string;
  const alert = vendorAlert(kind, formAlert(`${ACCOUNT_URL}/${resource}`, form(to), [VENDOR_STAND_INS.twilioAccount, VENDOR_STAND_INS.twilioAuth]));
  alert.text = text;
  return alert;
}

/** An SMS delivery. */
export function renderSms(view: AlertView): HttpAlert {
  const text = phoneText(view);
  return twilio(view, "sms", "Messages.json", text, (to) => [
    ["To", to],
    ["Body", text],
    ["StatusCallback", statusCallback(view)],
    ["RiskCheck", "disable"],
    ["From", VENDOR_STAND_INS.twilioFrom],
  ]);
}

/** A WhatsApp delivery. */
export function renderWhatsApp(view: AlertView): HttpAlert {
  return twilio(view, "whatsapp", "Messages.json", phoneText(view), (to) => [
    ["To", `whatsapp:${to}`],
    ["From", `whatsapp:${VENDOR_STAND_INS.twilioFrom}`],
    ["MessagingServiceSid", VENDOR_STAND_INS.twilioMessagingService],
    ["ContentSid", VENDOR_STAND_INS.whatsappContent[view.flip.status]],
    ["ContentVariables", serviceJson({ 1: nameThenCode(view) })],
    ["StatusCallback", statusCallback(view)],
  ]);
}

/** A phone call's delivery. */
export function renderCall(view: AlertView): HttpAlert {
  const text = callText(view);
  return twilio(view, "call", "Calls.json", text, (to) => [
    ["From", VENDOR_STAND_INS.twilioFrom],
    ["To", to],
    ["Twiml", `<Response><Say>${escapeHtml(text)}</Say></Response>`],
    ["StatusCallback", statusCallback(view)],
  ]);
}
