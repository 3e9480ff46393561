/**
 * The kinds whose requests go to an address the vendor fixes, and the
 * base URLs a test can give to receive them instead (`vendor.ts` says how).
 * @module
 */

/** The kinds whose requests go to an address the vendor fixes. */
export const VENDOR_KINDS = ["apprise", "call", "github", "matrix", "opsgenie", "pd", "po", "pushbullet", "signal", "sms", "telegram", "trello", "whatsapp"] as const;
/** A kind whose requests go to an address the vendor fixes. */
export type VendorKind = (typeof VENDOR_KINDS)[number];
/** Per vendor kind, the base URL (`http://127.0.0.1:9000`, or with a path) its requests are sent to instead. */
export type VendorUrls = Readonly<Partial<Record<VendorKind, string>>>;

/** Whether `kind` is one of {@link VENDOR_KINDS}. */
export function isVendorKind(kind: string): kind is VendorKind {
  return (VENDOR_KINDS as readonly string[]).includes(kind);
}
