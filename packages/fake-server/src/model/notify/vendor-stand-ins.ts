/**
 * What the service's operator configures for the vendor kinds (API tokens,
 * sender numbers, the Matrix homeserver), as the fake stands them in: fixed
 * texts a test can look for, never real credentials. And the identifiers
 * the service draws at random for a delivery (a Matrix transaction, a
 * Twilio status callback), made from the delivery instead, so that the
 * same state and time always render the same request.
 * @module
 */
import { toHex } from "../../text/bytes.js";
import { digest } from "../../text/digest.js";
import type { AlertView } from "./view.js";

/** The fake's stand-ins for the operator's settings. */
export const VENDOR_STAND_INS = {
  /** Pushover's application token. */
  pushoverToken: "fake-pushover-app-token",
  /** Seconds between the retries of a Pushover emergency alert (the service's default). */
  pushoverRetrySeconds: 300,
  /** Seconds a Pushover emergency alert is retried for (the service's default). */
  pushoverExpireSeconds: 86_400,
  /** The Telegram bot's token. */
  telegramToken: "0:fake-telegram-bot-token",
  /** The Matrix homeserver the service's bot posts through. */
  matrixHomeserver: "https://matrix.example.org",
  /** The Matrix bot's access token. */
  matrixAccessToken: "fake-matrix-access-token",
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
  /** Trello's application key. */
  trelloAppKey: "fake-trello-app-key",
  /** The GitHub App installation's access token. */
  githubToken: "fake-github-installation-token",
  /** Where the JSON-RPC requests of `signal-cli` stand (its HTTP daemon's endpoint). */
  signalRpc: "http://signal-cli.invalid/api/v1/rpc",
  /** Where Apprise's notifications stand (an Apprise API server's stateless endpoint). */
  appriseNotify: "http://apprise.invalid/notify",
} as const;

/** A UUID (version 4 form) for one delivery and purpose, the same every time the delivery is rendered. */
export function deliveryUuid(view: AlertView, purpose: string): string {
  const hex = toHex(digest("sha256", `${purpose}|${view.channel.id}|${view.check.uuid}|${view.flip.status}|${view.flip.at}`));
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
