/**
 * The route table (`docs/reference.md#routes`): which endpoint a path names, with its
 * path parameters, and which operation each method performs there.
 * @module
 */
import { isUniqueKey, isUuid } from "@checks-api/schema/lite";
import { parseBadgePath } from "../model/badges.js";
import { corsHeaders, type HeaderMap } from "./responses.js";
import type { ApiVersion } from "../model/status.js";

/** The operations of the fake, as named in the journal and in fault injection. */
export const OPERATIONS = [
  "listChecks",
  "getCheck",
  "createCheck",
  "updateCheck",
  "pauseCheck",
  "resumeCheck",
  "deleteCheck",
  "listPings",
  "getPingBody",
  "listFlips",
  "listChannels",
  "listBadges",
  "ping",
  "badge",
] as const;

/** An operation of the fake, as named in the journal and in fault injection. */
export type Operation = (typeof OPERATIONS)[number];

/** The operations of the management API. */
export type ApiOperation = Exclude<Operation, "ping" | "badge">;

/** The twelve management endpoints (by path shape). */
export type ApiEndpoint =
  | "checks"
  | "check"
  | "checkByKey"
  | "pause"
  | "resume"
  | "pings"
  | "pingBody"
  | "flips"
  | "channels"
  | "badges";

interface EndpointSpec {
  operations: Readonly<Record<string, ApiOperation>>;
  cors: HeaderMap;
}

function endpoint(operations: Record<string, ApiOperation>): EndpointSpec {
  return { operations, cors: corsHeaders(Object.keys(operations)) };
}

/** Methods, operations and CORS headers of every management endpoint. */
export const ENDPOINTS: Readonly<Record<ApiEndpoint, EndpointSpec>> = {
  checks: endpoint({ GET: "listChecks", POST: "createCheck" }),
  check: endpoint({ GET: "getCheck", POST: "updateCheck", DELETE: "deleteCheck" }),
  checkByKey: endpoint({ GET: "getCheck" }),
  pause: endpoint({ POST: "pauseCheck" }),
  resume: endpoint({ POST: "resumeCheck" }),
  pings: endpoint({ GET: "listPings" }),
  pingBody: endpoint({ GET: "getPingBody" }),
  flips: endpoint({ GET: "listFlips" }),
  channels: endpoint({ GET: "listChannels" }),
  badges: endpoint({ GET: "listBadges" }),
};

/** A management endpoint with its path parameters. */
export interface ApiRoute {
  kind: "api";
  /** Which endpoint. */
  endpoint: ApiEndpoint;
  /** 1, 2 or 3, from the path prefix. */
  version: ApiVersion;
  /** The check addressed by UUID, when the path has one. */
  uuid: string | null;
  /** The check addressed by unique key (get check, flips). */
  uniqueKey: string | null;
  /** The `{n}` of the ping body path, as digits. */
  n: string | null;
}

/** The signal named by a ping URL's suffix. */
export type PingSuffix = "success" | "start" | "fail" | "log";

/** A ping URL: by UUID, or by ping key and slug. */
export interface PingRoute {
  kind: "ping";
  /** Check UUID (UUID form). */
  uuid: string | null;
  /** Project ping key (slug form). */
  pingKey: string | null;
  /** Check slug (slug form), possibly with uppercase letters (refused later). */
  slug: string | null;
  /** Suffix signal, when the URL has no exit status. */
  signal: PingSuffix;
  /** The `{exit_status}` digits, when given. */
  exitStatus: string | null;
}

/** `/badge/{badge_key}/{signature}[/{tag}].{fmt}`. */
export interface BadgeRoute {
  kind: "badge";
  /** Badge key. */
  badgeKey: string;
  /** Signature segment as given (8 characters, optionally `-2` or more). */
  signature: string;
  /** The tag, or `*` for the all-checks badge. */
  tag: string;
  /** Requested format, not yet validated. */
  fmt: string;
}

/** `/b/{states}/{badge_key}.{fmt}`: a single check's badge. */
export interface CheckBadgeRoute {
  kind: "checkBadge";
  /** `{states}` digits. */
  states: string;
  /** The check's badge UUID. */
  badgeKey: string;
  /** Requested format, not yet validated. */
  fmt: string;
}

/** `/api/vN/status/` and `/api/vN/metrics/` (the operator's endpoint). */
export interface StatusRoute {
  kind: "status" | "metrics";
}

/** Any route the fake serves. */
export type Route = ApiRoute | PingRoute | BadgeRoute | CheckBadgeRoute | StatusRoute;

const SLUG_SEGMENT = /^[-a-zA-Z0-9_]+$/;
const DIGITS = /^[0-9]+$/;
const FMT_TAIL = /^(.+)\.([-a-zA-Z0-9_]+)$/;
const SUFFIXES = new Set<string>(["start", "fail", "log"]);

/** Per-server routing settings. */
export interface RouterConfig {
  /** Path of the ping endpoint, starting and ending with `/` (default `/ping/`). */
  pingPath: string;
}

/**
 * Matches a decoded path (relative to the site root; `rawPath` is the same
 * path before decoding) against the route table; `undefined` when nothing matches (→ 404 page, or 301 when the
 * path with a slash appended matches).
 */
export function matchRoute(path: string, rawPath: string, config: RouterConfig): Route | undefined {
  if (path.startsWith("/api/v")) {
    const route = matchApi(path);
    if (route) return route;
  }
  if (path.startsWith(config.pingPath)) {
    const route = matchPing(path.slice(config.pingPath.length));
    if (route) return route;
  }
  // Badge tags are decoded twice; the badge module routes from the raw path.
  if (rawPath.startsWith("/badge/")) return matchBadge(rawPath.slice(7));
  if (path.startsWith("/b/")) return matchCheckBadge(path.slice(3));
  return undefined;
}

// The `/`-separated parts of a path. Most paths of checks and pings name
// one and nothing after it, and splitting those costs more than the rest
// of routing them.
function splitPath(path: string): string[] {
  return path.includes("/") ? path.split("/") : [path];
}

function versionOf(char: string | undefined): ApiVersion | undefined {
  return char === "3" ? 3 : char === "2" ? 2 : char === "1" ? 1 : undefined;
}

function api(endpoint: ApiEndpoint, version: ApiVersion, uuid: string | null = null, n: string | null = null): ApiRoute {
  return { kind: "api", endpoint, version, uuid, uniqueKey: null, n };
}

function matchApi(path: string): Route | undefined {
  const version = versionOf(path[6]);
  if (version === undefined || path[7] !== "/") return undefined;
  const rest = path.slice(8);
  switch (rest) {
    case "checks/":
      return api("checks", version);
    case "channels/":
      return api("channels", version);
    case "badges/":
      return api("badges", version);
    case "status/":
      return { kind: "status" };
    case "metrics/":
      return { kind: "metrics" };
  }
  if (!rest.startsWith("checks/")) return undefined;
  const parts = splitPath(rest.slice(7));
  const id = parts[0] ?? "";
  const uuid = isUuid(id) ? id : null;
  const uniqueKey = uuid === null && isUniqueKey(id) ? id : null;
  if (uuid === null && uniqueKey === null) return undefined;
  const [, second, third, fourth] = parts;
  if (parts.length === 1) {
    return uuid ? api("check", version, uuid) : { ...api("checkByKey", version), uniqueKey };
  }
  if (parts.length === 3 && second === "flips" && third === "") {
    return { ...api("flips", version, uuid), uniqueKey };
  }
  if (uuid === null) return undefined;
  if (parts.length === 2 && (second === "pause" || second === "resume")) return api(second, version, uuid);
  if (parts.length === 3 && second === "pings" && third === "") return api("pings", version, uuid);
  if (parts.length === 4 && second === "pings" && DIGITS.test(third ?? "") && fourth === "body") {
    return api("pingBody", version, uuid, third ?? null);
  }
  return undefined;
}

function ping(uuid: string | null, pingKey: string | null, slug: string | null, suffix: string | undefined): PingRoute {
  const exitStatus = suffix !== undefined && DIGITS.test(suffix) ? suffix : null;
  const signal = suffix === "start" || suffix === "fail" || suffix === "log" ? suffix : "success";
  return { kind: "ping", uuid, pingKey, slug, signal, exitStatus };
}

function matchPing(rest: string): PingRoute | undefined {
  const parts = splitPath(rest);
  const [first = "", second, third] = parts;
  if (isUuid(first)) {
    if (parts.length === 1) return ping(first, null, null, undefined);
    if (parts.length === 2 && (second === "" || SUFFIXES.has(second ?? "") || DIGITS.test(second ?? ""))) {
      return ping(first, null, null, second || undefined);
    }
  }
  if (!SLUG_SEGMENT.test(first) || !SLUG_SEGMENT.test(second ?? "")) return undefined;
  if (parts.length === 2) return ping(null, first, second ?? null, undefined);
  if (parts.length === 3 && (SUFFIXES.has(third ?? "") || DIGITS.test(third ?? ""))) {
    return ping(null, first, second ?? null, third);
  }
  return undefined;
}

function matchBadge(rawRest: string): BadgeRoute | undefined {
  const slash = rawRest.indexOf("/");
  if (slash < 0) return undefined;
  const badgeKey = decodePath(rawRest.slice(0, slash));
  const parsed = parseBadgePath(rawRest.slice(slash + 1));
  if (!SLUG_SEGMENT.test(badgeKey) || !parsed) return undefined;
  return { kind: "badge", badgeKey, signature: parsed.signature, tag: parsed.tag, fmt: parsed.format };
}

function matchCheckBadge(rest: string): CheckBadgeRoute | undefined {
  const parts = rest.split("/");
  if (parts.length !== 2) return undefined;
  const [states = "", file = ""] = parts;
  const match = FMT_TAIL.exec(file);
  if (!DIGITS.test(states) || !match || !isUuid(match[1] ?? "") || !SLUG_SEGMENT.test(match[2] ?? "")) return undefined;
  return { kind: "checkBadge", states, badgeKey: match[1] ?? "", fmt: match[2] ?? "" };
}

/** The operation a method performs on a route, or `null` (not allowed there, or the status and metrics pages). */
export function operationOf(route: Route, method: string): Operation | null {
  switch (route.kind) {
    case "api":
      return ENDPOINTS[route.endpoint].operations[method] ?? null;
    case "ping":
      return "ping";
    case "badge":
    case "checkBadge":
      return "badge";
    case "status":
    case "metrics":
      return null;
  }
}

/**
 * One round of URL decoding as the framework does it: `%XX` sequences become
 * bytes, the bytes are read as UTF-8 with replacement characters, and a `%`
 * not followed by two hex digits stays as it is.
 */
export function decodePath(path: string): string {
  if (!path.includes("%")) return path;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < path.length; i++) {
    const char = path[i] as string;
    if (char === "%" && /^[0-9a-fA-F]{2}$/.test(path.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(path.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const byte of encoder.encode(char)) bytes.push(byte);
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
