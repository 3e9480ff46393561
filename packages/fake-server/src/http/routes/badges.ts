/**
 * Badges: the list endpoint and the public badge endpoints `/badge/…` and
 * `/b/{states}/{badge_key}.{fmt}` (`docs/reference.md#badges`).
 * @module
 */
import { BADGE_FORMATS, type BadgeFormat, type BadgeUrls } from "@checks-api/schema/lite";
import { aggregateBadge, badgeSignature, badgeUrls, renderBadge } from "../../model/badges.js";
import type { Core } from "../../model/service.js";
import { csrfRefusal, isUnsafeMethod } from "../csrf.js";
import type { Exchange } from "../exchange.js";
import type { BadgeRoute, CheckBadgeRoute } from "../router.js";
import type { Reply } from "../reply.js";
import { corsHeaders, HTML_TYPE, jsonReply, noCacheHeaders, notFoundPage, reply, type HeaderMap } from "../responses.js";
import { displayedStatus } from "../../model/status.js";
import type { Project, StoredCheck } from "../../model/store.js";
import { tagsOf } from "./checks.js";

const ALL_CHECKS = "*";
const BADGE_CORS = corsHeaders(["GET"]);
const SIGNATURE_LENGTH = 8;

/** `GET /api/v3/badges/`: the project's tags sorted, then `*`, each with its six URLs. */
export function listBadges(core: Core, project: Project, cors: HeaderMap): Reply {
  const tags = new Set<string>();
  for (const check of project.checks.values()) for (const tag of tagsOf(check)) tags.add(tag);
  const { baseUrl, badgeSecret } = core.options;
  const badges: Record<string, BadgeUrls> = {};
  for (const tag of [...tags].sort()) badges[tag] = badgeUrls(baseUrl, project.badgeKey, badgeSecret, tag);
  badges[ALL_CHECKS] = badgeUrls(baseUrl, project.badgeKey, badgeSecret, ALL_CHECKS);
  return jsonReply(200, { badges }, cors);
}

function isFormat(fmt: string): fmt is BadgeFormat {
  return (BADGE_FORMATS as readonly string[]).includes(fmt);
}

// CSRF guard, then the CORS gate; answers that pass the guard are never cached.
function gate(core: Core, ex: Exchange): { headers: HeaderMap; refusal?: Reply } {
  if (isUnsafeMethod(ex.method)) return { headers: {}, refusal: csrfRefusal(ex.incoming, core.options.baseUrl) };
  const headers = { ...BADGE_CORS, ...noCacheHeaders(ex.now) };
  if (ex.method === "OPTIONS") return { headers, refusal: reply(204, null, { ...headers, "Content-Type": HTML_TYPE }) };
  if (ex.method !== "GET") return { headers, refusal: emptyHtml(405, headers) };
  return { headers };
}

// An empty HTML answer with per-request headers.
function emptyHtml(status: number, headers: HeaderMap): Reply {
  return reply(status, "", { ...headers, "Content-Type": HTML_TYPE });
}

function badgeAnswer(format: BadgeFormat, label: string, statuses: string[], threeState: boolean, headers: HeaderMap): Reply {
  const rendered = renderBadge(format, label, aggregateBadge(statuses, threeState));
  return reply(200, rendered.body, { ...headers, "Content-Type": rendered.contentType });
}

/** `GET /badge/{badge_key}/{signature}[/{tag}].{fmt}`: a tag's or all checks' badge. */
export function handleBadge(core: Core, ex: Exchange, route: BadgeRoute): Reply {
  const { headers, refusal } = gate(core, ex);
  if (refusal) return refusal;
  const format = route.fmt;
  if (!isFormat(format)) return emptyHtml(404, headers);
  const threeState = !(route.signature.length === 10 && route.signature.endsWith("-2"));
  const expected = badgeSignature(route.badgeKey, core.options.badgeSecret, route.tag);
  if (route.signature.slice(0, SIGNATURE_LENGTH) !== expected) return emptyHtml(404, headers);
  const project = core.store.badgeKeys.get(route.badgeKey);
  const statuses: string[] = [];
  for (const check of project?.checks.values() ?? []) {
    if (route.tag !== ALL_CHECKS && !tagsOf(check).includes(route.tag)) continue;
    statuses.push(displayedStatus(check, ex.now, 3));
  }
  const label = route.tag === ALL_CHECKS ? core.options.siteName : route.tag;
  return badgeAnswer(format, label, statuses, threeState, headers);
}

/** `GET /b/{states}/{badge_key}.{fmt}`: one check's badge (`badge_url`). */
export function handleCheckBadge(core: Core, ex: Exchange, route: CheckBadgeRoute): Reply {
  const { headers, refusal } = gate(core, ex);
  if (refusal) return refusal;
  const format = route.fmt;
  if (!isFormat(format)) return emptyHtml(404, headers);
  const check: StoredCheck | undefined = core.store.checksByBadgeKey.get(route.badgeKey);
  if (!check) return notFoundPage();
  const threeState = Number(route.states) === 3;
  return badgeAnswer(format, check.name || check.uuid, [displayedStatus(check, ex.now, 3)], threeState, headers);
}
