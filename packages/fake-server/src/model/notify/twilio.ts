/**
 * What the phone kinds (SMS, WhatsApp, phone calls) share: Twilio's API
 * (at Twilio's address, as the fake's Twilio account), the texts they
 * say, and the form `POST` with a status callback the service would be
 * told the outcome at.
 * @module
 */
import { escapeHtml } from "../../text/html-escape.js";
import { downtimeText, nameThenCode, reasonSuffix, templated } from "./formats.js";
import { formAlert } from "./http-alert.js";
import { objectValue } from "./settings.js";
import { deliveryUuid } from "./vendor-stand-ins.js";
import type { AlertView, HttpAlert } from "./view.js";

/** The service's Twilio settings, as the fake stands them in: fixed texts a test can look for, never real credentials. */
export const TWILIO = {
  /** Twilio's account SID. */
  twilioAccount: "ACfake00000000000000000000000000",
  /** Twilio's auth token. */
  twilioAuth: "fake-twilio-auth-token",
  /** The number texts and calls come from. */
  twilioFrom: "+15005550006",
  /** Twilio's messaging service, for WhatsApp. */
  twilioMessagingService: "MGfake00000000000000000000000000",
  /** The WhatsApp content templates of down and up alerts. */
  whatsappContent: { down: "HXfakedown0000000000000000000000", up: "HXfakeup000000000000000000000000" },
} as const;

const ACCOUNT_URL = `https://api.twilio.com/2010-04-01/Accounts/${TWILIO.twilioAccount}`;

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

/** Where Twilio would tell the service the outcome of a delivery. */
export function statusCallback(view: AlertView): string {
  return `${view.site.root}/api/v3/notifications/${deliveryUuid(view, "twilio")}/status`;
}

/**
 * The form `POST` of a phone kind to Twilio's `resource`: the integration's
 * number is given to `form`; `text` is what the message says, kept in the
 * delivery's record.
 */
export function twilioAlert(view: AlertView, kind: string, resource: string, text: string, form: (to: string) => Array<[string, string]>): HttpAlert {
  const to = objectValue(kind, view.channel.value).value as string;
  const alert = formAlert(`${ACCOUNT_URL}/${resource}`, form(to), [TWILIO.twilioAccount, TWILIO.twilioAuth]);
  alert.text = text;
  return alert;
}
