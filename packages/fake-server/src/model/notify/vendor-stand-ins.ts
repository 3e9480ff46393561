/**
 * The identifiers the service draws at random for a delivery (a Matrix
 * transaction, a Twilio status callback), made from the delivery instead,
 * so that the same state and time always render the same request. (What
 * the service's operator configures for a vendor kind, its API token or
 * sender number, the fake stands in within the kind's module.)
 * @module
 */
import { toHex } from "../../text/bytes.js";
import { digest } from "../../text/digest.js";
import type { AlertView } from "./view.js";

/** A UUID (version 4 form) for one delivery and purpose, the same every time the delivery is rendered. */
export function deliveryUuid(view: AlertView, purpose: string): string {
  const hex = toHex(digest("sha256", `${purpose}|${view.channel.id}|${view.check.uuid}|${view.flip.status}|${view.flip.at}`));
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
