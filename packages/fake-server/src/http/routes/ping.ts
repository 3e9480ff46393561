/**
 * The ping endpoints: UUID and slug forms, `?create=1`, run ids, exit
 * statuses, `methods`, HTTP body filtering (`docs/reference.md#pings`).
 * @module
 */
import { EXIT_STATUS_MAX, PING_RESPONSES, USER_AGENT_MAX_LENGTH, type PingType } from "@checks-api/schema/lite";
import type { Core } from "../../model/service.js";
import type { Exchange } from "../exchange.js";
import { EMPTY_BODY } from "../body.js";
import type { Incoming } from "../incoming.js";
import { classifyByKeywords } from "../../model/keywords.js";
import { cutCodePoints } from "../../text/code-points.js";
import { ipVersion } from "../../text/ip.js";
import type { PingRoute } from "../router.js";
import { fixedHeaderList, type HeaderList, type Reply } from "../reply.js";
import { HTML_TYPE, noCacheHeaders, secondOf, textReply, uploadRefusal, type HeaderMap } from "../responses.js";
import { applyPing } from "../../model/signals.js";
import type { StoredCheck } from "../../model/store.js";
import { insertCheck } from "./checks.js";

const RID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HAS_UPPERCASE = /[A-Z]/;
// "a.b.c.d:port": four dot-separated parts and a colon in the last.
const IPV4_WITH_PORT = /^[^.]*\.[^.]*\.[^.]*\.[^.:]*:[^.]*$/;
const LENIENT_UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** The header lists of ping answers in one second: refusals, and successes (CORS, body limit). */
interface PingHeaders {
  second: number;
  limit: number | null;
  refused: HeaderList;
  accepted: HeaderList;
}

// Built once per second and server: they differ only by `Expires`, which
// has no finer unit (a real clock used to rebuild them every millisecond).
const pingHeadersOf = new WeakMap<Core, PingHeaders>();

function pingHeaders(core: Core, now: number): PingHeaders {
  let headers = pingHeadersOf.get(core);
  const limit = core.options.pingBodyLimit;
  const second = secondOf(now);
  if (headers?.second !== second || headers.limit !== limit) {
    const refused: HeaderMap = { ...noCacheHeaders(now), "Content-Type": HTML_TYPE };
    const accepted: HeaderMap = { ...refused, "Access-Control-Allow-Origin": "*" };
    if (limit !== null) accepted["Ping-Body-Limit"] = String(limit);
    headers = { second, limit, refused: fixedHeaderList(refused), accepted: fixedHeaderList(accepted) };
    pingHeadersOf.set(core, headers);
  }
  return headers;
}

function refuse(core: Core, ex: Exchange, status: number, text: string): Reply {
  return { status, headers: pingHeaders(core, ex.now).refused, body: text };
}

/**
 * The caller address as the service records it:
 * `X-Forwarded-For` (up to the first comma) or the socket peer; IPv6 in
 * compressed form; `1.2.3.4:port` loses its port; empty → `null`.
 */
function callerAddress(request: Incoming): string | null {
  const forwarded = request.header("x-forwarded-for");
  const raw = forwarded !== null ? (forwarded.split(",")[0] ?? "") : (request.peer ?? "");
  if (raw === "") return null;
  const version = ipVersion(raw);
  if (version === 4) return raw;
  if (version === 6) {
    if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(raw)) return raw.toLowerCase();
    return new URL(`http://[${raw}]`).hostname.slice(1, -1);
  }
  if (IPV4_WITH_PORT.test(raw)) return raw.slice(0, raw.lastIndexOf(":"));
  return raw;
}

/** Handles a request to a ping URL. */
export function handlePing(core: Core, ex: Exchange, route: PingRoute): Reply | Promise<Reply> {
  if (route.uuid !== null) {
    const check = core.store.checks.get(route.uuid);
    if (!check) return refuse(core, ex, 404, PING_RESPONSES.notFound);
    return pingCheck(core, ex, route, check, false);
  }
  // The slug lookup's own refusals come before the UUID flow, which alone
  // sets the no-cache headers.
  const slug = route.slug ?? "";
  if (HAS_UPPERCASE.test(slug)) return textReply(400, PING_RESPONSES.invalidUrlFormat);
  const project = core.store.pingKeys.get(route.pingKey ?? "");
  const matches = project ? [...project.checks.values()].filter((c) => c.slug === slug) : [];
  if (matches.length > 1) return textReply(409, PING_RESPONSES.ambiguousSlug);
  const found = matches[0];
  if (found) return pingCheck(core, ex, route, found, false);
  if (ex.search === "" || ex.params.getAll("create").at(-1) !== "1" || !project) {
    return textReply(404, PING_RESPONSES.notFound);
  }
  const account = project.account;
  if (core.store.accountCheckCount(account) >= 2 * account.checkLimit) return textReply(404, PING_RESPONSES.notFound);
  const check = insertCheck(core, project, ex.now);
  check.name = slug;
  check.slug = slug;
  check.channels = new Set(project.channels.map((c) => c.id));
  check.jsonCache = null;
  return pingCheck(core, ex, route, check, true);
}

// Synchronous when the request has no body.
function pingCheck(core: Core, ex: Exchange, route: PingRoute, check: StoredCheck, created: boolean): Reply | Promise<Reply> {
  ex.check = check.uuid;
  const exit = route.exitStatus;
  const exitCode = exit === null ? null : Number(exit);
  if (exitCode !== null && exitCode > EXIT_STATUS_MAX) return refuse(core, ex, 400, PING_RESPONSES.invalidUrlFormat);
  if (!ex.incoming.hasBody) return recordPing(core, ex, route, check, created, exitCode, EMPTY_BODY.bytes);
  // The view reads the body here, and the framework refuses one over its
  // upload limit (the rest is not read); below it, only the kept part is held.
  const uploadLimit = core.options.apiBodyLimit;
  return ex
    .readBody(core.options.pingBodyLimit, { refuseAfter: uploadLimit })
    .then(({ bytes, length }) => {
      if (length > uploadLimit) return uploadRefusal();
      ex.bodyCut = bytes.byteLength < length;
      return recordPing(core, ex, route, check, created, exitCode, bytes);
    });
}

function recordPing(
  core: Core,
  ex: Exchange,
  route: PingRoute,
  check: StoredCheck,
  created: boolean,
  exitCode: number | null,
  bytes: Uint8Array,
): Reply {
  const request = ex.incoming;
  const text = bytes.byteLength > 0 ? LENIENT_UTF8.decode(bytes) : "";
  ex.body = bytes.byteLength > 0 ? text : null;

  let type: PingType = exitCode === null ? route.signal : exitCode === 0 ? "success" : "fail";
  if (check.methods === "POST" && ex.method !== "POST") type = "ign";
  if (type !== "ign" && check.filter_http_body) {
    type = classifyByKeywords(text, check) ?? (check.filter_default_fail ? "fail" : "ign");
  }
  const ridParam = ex.search === "" ? undefined : ex.params.getAll("rid").at(-1);
  if (ridParam !== undefined && !RID_PATTERN.test(ridParam)) {
    return refuse(core, ex, 400, PING_RESPONSES.invalidUuidFormat);
  }
  applyPing(core.store, check, {
    type,
    at: ex.now,
    scheme: request.header("x-forwarded-proto") ?? "http",
    remoteAddr: callerAddress(request),
    method: ex.method,
    ua: cutCodePoints(request.header("user-agent") ?? "", USER_AGENT_MAX_LENGTH),
    rid: ridParam === undefined ? null : ridParam.toLowerCase(),
    body: bytes.byteLength > 0 ? bytes.slice() : null,
    exitStatus: exitCode,
  });
  const headers = pingHeaders(core, ex.now).accepted;
  return created
    ? { status: 201, headers, body: PING_RESPONSES.created }
    : { status: 200, headers, body: PING_RESPONSES.ok };
}
