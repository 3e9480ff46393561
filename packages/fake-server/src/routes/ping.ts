/**
 * The ping endpoints: UUID and slug forms, `?create=1`, run ids, exit
 * statuses, `methods`, HTTP body filtering (spec: pings.md §1–§4).
 * @module
 */
import { isIP } from "node:net";
import { EXIT_STATUS_MAX, PING_RESPONSES, USER_AGENT_MAX_LENGTH, type PingType } from "@checks-api/schema";
import { peerAddress } from "../adapters/peer-address.js";
import { readBody } from "../body.js";
import type { Core, Exchange } from "../core.js";
import { classifyByKeywords } from "../keywords.js";
import type { PingRoute } from "../router.js";
import { HTML_TYPE, noCacheHeaders, type HeaderMap } from "../responses.js";
import { applyPing } from "../signals.js";
import type { StoredCheck } from "../store.js";
import { insertCheck } from "./checks.js";

const RID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HAS_UPPERCASE = /[A-Z]/;
// "a.b.c.d:port": four dot-separated parts and a colon in the last.
const IPV4_WITH_PORT = /^[^.]*\.[^.]*\.[^.]*\.[^.:]*:[^.]*$/;
const LENIENT_UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });

function noCache(now: number): HeaderMap {
  return { ...noCacheHeaders(now), "Content-Type": HTML_TYPE };
}

function answer(status: number, text: string, headers: HeaderMap): Response {
  return new Response(text, { status, headers });
}

/** Cuts a text to `max` code points, as Python slicing does. */
export function cutCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join("");
}

/**
 * The caller address as the service records it (pings.md §4.2):
 * `X-Forwarded-For` (up to the first comma) or the socket peer; IPv6 in
 * compressed form; `1.2.3.4:port` loses its port; empty → `null`.
 */
export function callerAddress(request: Request): string | null {
  const forwarded = request.headers.get("x-forwarded-for");
  const raw = forwarded !== null ? (forwarded.split(",")[0] ?? "") : (peerAddress(request) ?? "");
  if (raw === "") return null;
  const version = isIP(raw);
  if (version === 4) return raw;
  if (version === 6) {
    if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(raw)) return raw.toLowerCase();
    return new URL(`http://[${raw}]`).hostname.slice(1, -1);
  }
  if (IPV4_WITH_PORT.test(raw)) return raw.slice(0, raw.lastIndexOf(":"));
  return raw;
}

/** Handles a request to a ping URL. */
export async function handlePing(core: Core, ex: Exchange, route: PingRoute): Promise<Response> {
  const headers = noCache(ex.now);
  if (route.uuid !== null) {
    const check = core.store.checks.get(route.uuid);
    if (!check) return answer(404, PING_RESPONSES.notFound, headers);
    return pingCheck(core, ex, route, check, false);
  }
  const slug = route.slug ?? "";
  if (HAS_UPPERCASE.test(slug)) return answer(400, PING_RESPONSES.invalidUrlFormat, headers);
  const project = core.store.pingKeys.get(route.pingKey ?? "");
  const matches = project ? [...project.checks.values()].filter((c) => c.slug === slug) : [];
  if (matches.length > 1) return answer(409, PING_RESPONSES.ambiguousSlug, headers);
  const found = matches[0];
  if (found) return pingCheck(core, ex, route, found, false);
  if (ex.url.searchParams.getAll("create").at(-1) !== "1" || !project) {
    return answer(404, PING_RESPONSES.notFound, headers);
  }
  const account = project.account;
  if (core.store.accountCheckCount(account) >= 2 * account.checkLimit) {
    return answer(404, PING_RESPONSES.notFound, headers);
  }
  const check = insertCheck(core, project, ex.now);
  check.name = slug;
  check.slug = slug;
  check.channels = new Set(project.channels.map((c) => c.id));
  return pingCheck(core, ex, route, check, true);
}

async function pingCheck(core: Core, ex: Exchange, route: PingRoute, check: StoredCheck, created: boolean): Promise<Response> {
  const headers = noCache(ex.now);
  const exit = route.exitStatus;
  const exitCode = exit === null ? null : Number(exit);
  if (exitCode !== null && exitCode > EXIT_STATUS_MAX) return answer(400, PING_RESPONSES.invalidUrlFormat, headers);
  const request = ex.request;
  const { bytes } = await readBody(request, core.options.pingBodyLimit);
  const text = bytes.byteLength > 0 ? LENIENT_UTF8.decode(bytes) : "";
  ex.body = bytes.byteLength > 0 ? text : null;

  let type: PingType = exitCode === null ? route.signal : exitCode === 0 ? "success" : "fail";
  if (check.methods === "POST" && ex.method !== "POST") type = "ign";
  if (type !== "ign" && check.filter_http_body) {
    type = classifyByKeywords(text, check) ?? (check.filter_default_fail ? "fail" : "ign");
  }
  const ridParam = ex.url.searchParams.getAll("rid").at(-1);
  if (ridParam !== undefined && !RID_PATTERN.test(ridParam)) {
    return answer(400, PING_RESPONSES.invalidUuidFormat, headers);
  }
  applyPing(core.store, check, {
    type,
    at: ex.now,
    scheme: request.headers.get("x-forwarded-proto") ?? "http",
    remoteAddr: callerAddress(request),
    method: ex.method,
    ua: cutCodePoints(request.headers.get("user-agent") ?? "", USER_AGENT_MAX_LENGTH),
    rid: ridParam === undefined ? null : ridParam.toLowerCase(),
    body: bytes.byteLength > 0 ? bytes.slice() : null,
  });
  const limit = core.options.pingBodyLimit;
  const okHeaders: HeaderMap = { ...headers, "Access-Control-Allow-Origin": "*" };
  if (limit !== null) okHeaders["Ping-Body-Limit"] = String(limit);
  return created ? answer(201, PING_RESPONSES.created, okHeaders) : answer(200, PING_RESPONSES.ok, okHeaders);
}
