/**
 * The request pipeline of the twelve management endpoints
 * (`docs/reference.md#order-of-the-checks`): CORS/method gate, body
 * parsing, key, check lookup, then the handler.
 * @module
 */
import { ERROR_MESSAGES } from "@checks-api/schema/lite";
import { EMPTY_BODY, parseJsonBody, type BodyBytes } from "./body.js";
import { authenticate, requestKey } from "./auth.js";
import type { Core } from "../model/service.js";
import { memberTokens } from "../text/json-members.js";
import type { Exchange } from "./exchange.js";
import { excerptSourceBytes } from "./journal.js";
import { maskBody, maskBodyText } from "./journal-mask.js";
import { ENDPOINTS, type ApiOperation, type ApiRoute, type Operation } from "./router.js";
import { apiError, apiFailure, HTML_TYPE, reply, uploadRefusal, type HeaderMap } from "./responses.js";
import type { Reply } from "./reply.js";
import type { Project, StoredCheck } from "../model/store.js";
import { listBadges } from "./routes/badges.js";
import { listChannels } from "./routes/channels.js";
import {
  createCheck,
  deleteCheck,
  getCheck,
  listChecks,
  pauseCheck,
  resumeCheck,
  updateCheck,
  type CheckRequest,
} from "./routes/checks.js";
import { listFlips } from "./routes/flips.js";
import { getPingBody, listPings } from "./routes/pings.js";

// Read-only keys work on exactly these (`docs/reference.md#routes`).
const READ_OPERATIONS = new Set<Operation>(["listChecks", "getCheck", "listFlips", "listBadges"]);

const preflights = new WeakMap<HeaderMap, Reply>();

// The CORS preflight answer of an endpoint: its CORS set, no body.
function optionsReply(cors: HeaderMap): Reply {
  let answer = preflights.get(cors);
  if (!answer) {
    answer = reply(204, null, { ...cors, "Content-Type": HTML_TYPE });
    preflights.set(cors, answer);
  }
  return answer;
}

/**
 * Handles a request to a management endpoint; synchronously unless a POST
 * body has to be read. `operation` is what `operationOf` made of the
 * route and method (`null`: the endpoint has none for the method).
 */
export function handleApi(core: Core, ex: Exchange, route: ApiRoute, operation: Operation | null): Reply | Promise<Reply> {
  const cors = ENDPOINTS[route.endpoint].cors;
  if (ex.method === "OPTIONS") return optionsReply(cors);
  if (operation === null) return apiFailure(core.options.compat, "methodNotAllowed", cors);
  // An API endpoint's operations are all the API's.
  const op = operation as ApiOperation;
  if (ex.method !== "POST") return authorized(core, ex, route, op, cors, null);
  if (!ex.incoming.hasBody) return withBody(core, ex, route, op, cors, EMPTY_BODY);
  return ex.readBody(core.options.apiBodyLimit, "refuse").then((body) => withBody(core, ex, route, op, cors, body));
}

// A POST: the body is parsed (and journaled) before the key is checked.
function withBody(core: Core, ex: Exchange, route: ApiRoute, operation: ApiOperation, cors: HeaderMap, { bytes, truncated }: BodyBytes): Reply {
  const compat = core.options.compat;
  if (truncated) {
    ex.body = null;
    // The framework refuses bodies above its upload limit before the view runs.
    if (compat === "seed") return apiError(400, ERROR_MESSAGES.couldNotParseBody, cors);
    return uploadRefusal();
  }
  const parsed = parseJsonBody(bytes);
  if (!parsed.ok) {
    const start = bytes.subarray(0, excerptSourceBytes(core.options.journalExcerpt));
    ex.body = bytes.byteLength > 0 ? maskBodyText(new TextDecoder().decode(start)) : null;
    return apiError(400, parsed.error, cors);
  }
  ex.body = maskBody(parsed.value);
  const body = compat === "live" && CHECK_BODY_OPERATIONS.has(operation) ? withFloatLiterals(parsed.value, bytes) : parsed.value;
  return authorized(core, ex, route, operation, cors, body);
}

const CHECK_BODY_OPERATIONS = new Set<Operation>(["createCheck", "updateCheck"]);
const DURATION_FIELDS: ReadonlySet<string> = new Set(["timeout", "grace"]);
const INTEGER_LITERAL = /^-?(?:0|[1-9][0-9]*)$/;

/**
 * Live mode (`docs/reference.md#11-how-timeout-and-grace-are-written`): the service's parser reads a number written
 * with a fraction or an exponent as a float, which its validator refuses
 * for `timeout` and `grace` as "not a number" even when the value is whole
 * (`3600.0`, `1e3`). Such a member is handed on as its token text, which
 * validation refuses with that message.
 */
function withFloatLiterals(body: Record<string, unknown>, bytes: Uint8Array): Record<string, unknown> {
  if (typeof body.timeout !== "number" && typeof body.grace !== "number") return body;
  const tokens = memberTokens(new TextDecoder().decode(bytes), DURATION_FIELDS);
  const out = { ...body };
  for (const [field, token] of tokens) {
    if (typeof out[field] === "number" && !INTEGER_LITERAL.test(token)) out[field] = token;
  }
  return out;
}

// The key, then the operation.
function authorized(
  core: Core,
  ex: Exchange,
  route: ApiRoute,
  operation: ApiOperation,
  cors: HeaderMap,
  body: Record<string, unknown> | null,
): Reply {
  const auth = authenticate(core.store, requestKey(ex.incoming, body), READ_OPERATIONS.has(operation));
  if ("error" in auth) return apiError(401, auth.error, cors);
  ex.keyKind = auth.kind;
  const req: CheckRequest = { core, ex, version: route.version, cors, readOnly: auth.kind === "read-only" };
  const project = auth.project;

  switch (operation) {
    case "listChecks":
      return listChecks(req, project);
    case "createCheck":
      return createCheck(req, project, body ?? {});
    case "listChannels":
      return listChannels(project, cors);
    case "listBadges":
      return listBadges(core, project, cors);
  }

  const found = lookup(core, route, project, cors);
  if (!("uuid" in found)) return found;
  ex.check = found.uuid;
  switch (operation) {
    case "getCheck":
      return getCheck(req, found);
    case "updateCheck":
      return updateCheck(req, found, body ?? {});
    case "pauseCheck":
      return pauseCheck(req, found);
    case "resumeCheck":
      return resumeCheck(req, found);
    case "deleteCheck":
      return deleteCheck(req, found);
    case "listPings":
      return listPings(req, found);
    case "getPingBody":
      return getPingBody(req, found, route.n ?? "");
    case "listFlips":
      return listFlips(req, found);
  }
}

/**
 * Finds the addressed check: by UUID (unknown → 404 page, other project →
 * 403) or by unique key within the key's project (→ 404 empty; seed mode
 * answers 403 for a check of another project).
 */
function lookup(core: Core, route: ApiRoute, project: Project, cors: HeaderMap): StoredCheck | Reply {
  const compat = core.options.compat;
  if (route.uuid !== null) {
    const check = core.store.checks.get(route.uuid);
    if (!check) return apiFailure(compat, "notFoundPage");
    return check.project === project ? check : apiFailure(compat, "forbidden", cors);
  }
  const check = core.store.checksByUniqueKey.get(route.uniqueKey ?? "");
  if (check && check.project === project) return check;
  return apiFailure(compat, check && compat === "seed" ? "forbidden" : "notFoundEmpty", cors);
}
