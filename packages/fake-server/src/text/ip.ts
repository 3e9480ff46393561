/**
 * IP address forms, as `node:net`'s `isIP` tells them apart, for the core
 * that runs without Node's built-ins. One difference: an IPv6 address with
 * a zone (`fe80::1%eth0`) is no address here, since the WHATWG URL parser
 * that compresses IPv6 for the ping log refuses zones (with `isIP`, such an
 * `X-Forwarded-For` made the ping route throw).
 * @module
 */

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** 4 for a dotted-decimal IPv4 address, 6 for an IPv6 address (no zone), 0 otherwise. */
export function ipVersion(text: string): 0 | 4 | 6 {
  if (IPV4.test(text)) return 4;
  return isIPv6(text) ? 6 : 0;
}

function isIPv6(text: string): boolean {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  let groups = 0;
  for (const [h, half] of halves.entries()) {
    if (half === "") continue;
    const parts = half.split(":");
    for (const [i, part] of parts.entries()) {
      if (HEX_GROUP.test(part)) groups += 1;
      // An IPv4 address may stand for the last two groups.
      else if (h === halves.length - 1 && i === parts.length - 1 && IPV4.test(part)) groups += 2;
      else return false;
    }
  }
  return halves.length === 2 ? groups <= 7 : groups === 8;
}
