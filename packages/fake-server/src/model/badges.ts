/**
 * Badges (`docs/reference.md#badges`): signatures, URLs, request
 * paths, aggregation and the three output formats.
 * @module
 */
import {
  BADGE_KEYS,
  type BadgeFormat,
  type BadgeJson,
  type BadgeKey,
  type BadgeStatus,
  type BadgeUrls,
  SHIELDS_COLORS,
  type ShieldsBadge,
} from "@checks-api/schema/lite";
import { toBase64Url } from "../text/bytes.js";
import { digest, hmac } from "../text/digest.js";
import { serviceJson } from "../text/json.js";
import { PyFloat } from "../text/py-float.js";
import { percentDecodeBytes } from "../text/percent.js";

/** The badge of all checks of a project. */
const ALL_CHECKS = "*";

/**
 * The 8-character signature of a badge URL: HMAC-SHA1 keyed with the raw
 * SHA-1 digest of `badgeKey + secret`, over the tag's UTF-8 bytes (`*` for
 * the all-checks badge), unpadded URL-safe base64, first 8 characters.
 */
export function badgeSignature(badgeKey: string, secret: string, tag: string): string {
  return toBase64Url(hmac("sha1", digest("sha1", badgeKey + secret), tag)).slice(0, 8);
}

/** Bytes a tag keeps unencoded in a URL. */
const UNRESERVED = /^[A-Za-z0-9_.~-]$/;
const utf8 = new TextEncoder();
/** Like Python's `bytes.decode("utf-8", "replace")`: invalid sequences become U+FFFD, a BOM is kept. */
const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The tag as it appears in a badge URL: every UTF-8 byte except
 * `A–Z a–z 0–9 _ . - ~` percent-encoded, then every `%` encoded once more
 * (`db@dc1` → `db%2540dc1`, `ü` → `%25C3%25BC`).
 */
export function encodeBadgeTag(tag: string): string {
  let once = "";
  for (const byte of utf8.encode(tag)) {
    const char = String.fromCharCode(byte);
    once += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return once.replace(/%/g, "%25");
}

/** Output format and state count of each badge-set key (`svg3` → svg, 3-state). */
function describeKey(key: BadgeKey): { format: BadgeFormat; threeState: boolean } {
  const threeState = key.endsWith("3");
  return { format: (threeState ? key.slice(0, -1) : key) as BadgeFormat, threeState };
}

/**
 * The six badge URLs of one tag, or of `*` (all checks, no tag segment), in
 * the service's order: svg, svg3, json, json3, shields, shields3. 2-state
 * variants carry `-2` after the signature. `siteRoot` has no trailing slash.
 */
export function badgeUrls(siteRoot: string, badgeKey: string, secret: string, tag: string): BadgeUrls {
  const signature = badgeSignature(badgeKey, secret, tag);
  const tagSegment = tag === ALL_CHECKS ? "" : `/${encodeBadgeTag(tag)}`;
  const urls: Partial<Record<BadgeKey, string>> = {};
  for (const key of BADGE_KEYS) {
    const { format, threeState } = describeKey(key);
    urls[key] = `${siteRoot}/badge/${badgeKey}/${signature}${threeState ? "" : "-2"}${tagSegment}.${format}`;
  }
  return urls as BadgeUrls;
}

/**
 * Length of the well-formed UTF-8 sequence starting at `start` (Unicode
 * table 3-7), 0 when the bytes there do not form one.
 */
function utf8SequenceLength(bytes: Uint8Array, start: number): number {
  const lead = bytes[start] ?? 0;
  if (lead < 0x80) return 1;
  let length = 0;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return 0;
  for (let k = 1; k < length; k++) {
    const byte = bytes[start + k];
    if (byte === undefined) return 0;
    if (k === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return 0;
  }
  return length;
}

/**
 * The framework's decoding of a request path: percent-decoded once, bytes
 * that are not valid UTF-8 percent-encoded again (Django's
 * `repercent_broken_unicode`), so they survive as `%XX` text.
 */
function decodePath(text: string): string {
  const bytes = percentDecodeBytes(text);
  let output = "";
  let runStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = utf8SequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    output += utf8Decoder.decode(bytes.slice(runStart, i));
    output += `%${(bytes[i] ?? 0).toString(16).toUpperCase().padStart(2, "0")}`;
    i++;
    runStart = i;
  }
  return output + utf8Decoder.decode(bytes.slice(runStart));
}

/** Python's `urllib.parse.unquote`: `%XX` sequences decoded as UTF-8, invalid bytes becoming U+FFFD. */
function unquote(text: string): string {
  return utf8Decoder.decode(percentDecodeBytes(text));
}

/** `{signature}/{tag}.{format}` after decoding; the tag is greedy, so the last `.` starts the format. */
const TAG_ROUTE = /^([-a-zA-Z0-9_]+)\/([\p{L}\p{N}_%~.-]+)\.([-a-zA-Z0-9_]+)$/u;
/** `{signature}.{format}`: the all-checks badge. */
const ALL_CHECKS_ROUTE = /^([-a-zA-Z0-9_]+)\.([-a-zA-Z0-9_]+)$/;

/** A badge request path, routed. */
export interface BadgePath {
  /** The signature segment as sent (`{sig}`, `{sig}-2`, or anything else the route accepts). */
  signature: string;
  /** The tag after both decodings, or `*` for the all-checks badge. */
  tag: string;
  /** The format extension as sent; the caller answers 404 unless it is a {@link BadgeFormat}. */
  format: string;
}

/**
 * Routes the remainder of a badge path after `/badge/{badge_key}/`, given
 * exactly as it appears in the request URL (still percent-encoded). Like the
 * service's router, the remainder is percent-decoded once and then matched:
 * `{signature}/{tag}.{format}`, where the tag must consist of word
 * characters, `%`, `~`, `_`, `.` and `-` and is then decoded a second time,
 * or `{signature}.{format}` (tag `*`). `undefined` when neither matches (the
 * framework's 404 page): a tag encoded only once, like `db%40dc1`, decodes to
 * `db@dc1` and fails the pattern.
 */
export function parseBadgePath(rest: string): BadgePath | undefined {
  const path = decodePath(rest);
  const tagged = TAG_ROUTE.exec(path);
  if (tagged) return { signature: tagged[1] ?? "", tag: unquote(tagged[2] ?? ""), format: tagged[3] ?? "" };
  const all = ALL_CHECKS_ROUTE.exec(path);
  if (all) return { signature: all[1] ?? "", tag: ALL_CHECKS, format: all[2] ?? "" };
  return undefined;
}

/**
 * Aggregates the displayed statuses of the checks a badge covers: `down` if
 * any check is down; otherwise `late` if any is in grace and the badge is
 * 3-state; otherwise `up` (also for no checks). `new`, `paused`, `started`
 * and `up` count as up. `total`, `grace` and `down` count checks whatever the
 * mode, so a 2-state badge may say `up` with `grace` > 0.
 */
export function aggregateBadge(statuses: readonly string[], threeState: boolean): BadgeJson {
  let grace = 0;
  let down = 0;
  for (const status of statuses) {
    if (status === "down") down++;
    else if (status === "grace") grace++;
  }
  const status: BadgeStatus = down > 0 ? "down" : grace > 0 && threeState ? "late" : "up";
  return { status, total: statuses.length, grace, down };
}

/** Colours of the SVG badge's right part per status. */
const SVG_COLORS: Record<BadgeStatus, string> = { up: "#4c1", late: "#fe7d37", down: "#e05d44" };

/** Pixel widths of the characters the badge font measures; any other character is 7. */
const CHAR_WIDTHS: ReadonlyMap<string, number> = new Map(
  (
    [
      [3, "ijlI"],
      [4, "frJ-"],
      [5, "t"],
      [6, "cesx1FLP_"],
      [8, "ACDHNUV"],
      [9, "wGOQ"],
      [10, "mM"],
      [11, "W"],
    ] as const
  ).flatMap(([width, chars]) => [...chars].map((char) => [char, width] as const)),
);
const DEFAULT_CHAR_WIDTH = 7;

/** Estimated rendering width of `text` in the badge font, per character (code point). */
export function badgeTextWidth(text: string): number {
  let width = 0;
  for (const char of text) width += CHAR_WIDTHS.get(char) ?? DEFAULT_CHAR_WIDTH;
  return width;
}

// Python prints these floats with a fractional digit (`14.0`, `32.5`).
const floatText = (value: number): string => new PyFloat(value).toString();

/** HTML escaping as the service's templates apply it. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#x27" }[char]};`);
}

/**
 * The flat two-part SVG badge: grey label, coloured status, widths from
 * {@link badgeTextWidth} plus 10 pixels of padding each, text centred.
 */
export function svgBadge(label: string, status: BadgeStatus): string {
  const labelWidth = badgeTextWidth(label) + 10;
  const statusWidth = badgeTextWidth(status) + 10;
  const width = labelWidth + statusWidth;
  const labelX = floatText(labelWidth / 2);
  const statusX = floatText(labelWidth + statusWidth / 2);
  const safeLabel = escapeHtml(label);
  const safeStatus = escapeHtml(status);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20">
    <linearGradient id="smooth" x2="0" y2="100%">
        <stop offset="0" stop-color="#bbb" stop-opacity=".1"/>
        <stop offset="1" stop-opacity=".1"/>
    </linearGradient>
    <mask id="round">
        <rect width="${width}" height="20" rx="3" fill="#fff"/>
    </mask>
    <g mask="url(#round)">
        <rect width="${labelWidth}" height="20" fill="#555"/>
        <rect x="${labelWidth}" width="${statusWidth}" height="20" fill="${SVG_COLORS[status]}"/>
        <rect width="${width}" height="20" fill="url(#smooth)"/>
    </g>
    <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
        <text x="${labelX}" y="15" fill="#010101" fill-opacity=".3">${safeLabel}</text>
        <text x="${labelX}" y="14">${safeLabel}</text>
        <text x="${statusX}" y="15" fill="#010101" fill-opacity=".3">${safeStatus}</text>
        <text x="${statusX}" y="14">${safeStatus}</text>
    </g>
</svg>
`;
}

/**
 * One badge response body: `svg` (`image/svg+xml`), `json` (the counts) or
 * `shields` (a Shields.io endpoint document), JSON printed as the service
 * prints it. `label` is the tag, the site name for `*`, or the check's name.
 */
export function renderBadge(format: BadgeFormat, label: string, badge: BadgeJson): { contentType: string; body: string } {
  if (format === "svg") return { contentType: "image/svg+xml", body: svgBadge(label, badge.status) };
  // Members in the service's order, as the schema's types list them.
  const document: BadgeJson | ShieldsBadge =
    format === "json"
      ? { status: badge.status, total: badge.total, grace: badge.grace, down: badge.down }
      : { schemaVersion: 1, label, message: badge.status, color: SHIELDS_COLORS[badge.status] };
  return { contentType: "application/json", body: serviceJson(document) };
}
