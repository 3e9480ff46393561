/**
 * The twelve management endpoints of `/api/v3/`.
 * @module
 */
import { FlipsQuerySchema, UNIQUE_KEY_PATTERN, UUID_PATTERN } from "../../src/index.js";
import { inline, ref, type JsonSchema } from "./components.js";
import { errors, json, type ResponseObject } from "./responses.js";

/** An OpenAPI operation object. */
export type Operation = Record<string, unknown>;
/** An OpenAPI path item: operations by lower-case method. */
export type PathItem = Record<string, Operation>;

/** Name of the API key security scheme. */
export const API_KEY_SCHEME = "ApiKey";

// Roles in a security requirement (allowed for apiKey schemes in OpenAPI 3.1)
// tell which kind of key an endpoint accepts.
const readWriteOnly = [{ [API_KEY_SCHEME]: ["read-write"] }];
const readOrReadOnly = [{ [API_KEY_SCHEME]: ["read-write"] }, { [API_KEY_SCHEME]: ["read-only"] }];

const uuidSchema: JsonSchema = { type: "string", pattern: UUID_PATTERN.source, format: "uuid" };
const uniqueKeySchema: JsonSchema = { type: "string", pattern: UNIQUE_KEY_PATTERN.source };

const checkByUuid = {
  name: "uuid",
  in: "path",
  required: true,
  description: "The check's UUID, lowercase and hyphenated (anything else is not routed: 404).",
  schema: uuidSchema,
};
const checkByUuidOrUniqueKey = {
  ...checkByUuid,
  description:
    "The check's UUID, or its `unique_key` (40 characters; searched only in the key's project, so unknown → 404 with an empty body).",
  schema: { anyOf: [uuidSchema, uniqueKeySchema] },
};

const flipsQuery = (["seconds", "start", "end"] as const).map((name) => ({
  name,
  in: "query",
  required: false,
  description: {
    seconds: "Only flips at or after now − seconds. `0` or empty: no filter. A trailing `.0` is tolerated.",
    start: "UNIX seconds: only flips at or after this time (seed mode: strictly after). `0` is a real bound; empty is invalid.",
    end: "UNIX seconds: only flips strictly before this time. Empty is invalid.",
  }[name],
  schema: inline(FlipsQuerySchema.shape[name].def.innerType),
}));

const listChecksQuery = [
  {
    name: "tag",
    in: "query",
    required: false,
    description: "Repeatable: keep checks whose tags contain every given tag (exact, case-sensitive). An empty value matches nothing.",
    schema: { type: "array", items: { type: "string" } },
    style: "form",
    explode: true,
  },
  {
    name: "slug",
    in: "query",
    required: false,
    description: "Keep checks with exactly this slug. Live: an empty value is ignored; seed mode filters on the empty slug.",
    schema: { type: "string" },
  },
];

const eitherCheck = { anyOf: [ref("Check"), ref("ReadOnlyCheck")] };

function operation(
  operationId: string,
  summary: string,
  tag: string,
  readOnlyKey: boolean,
  responses: Record<string, ResponseObject>,
  extra: Operation = {},
): Operation {
  return {
    operationId,
    summary,
    tags: [tag],
    security: readOnlyKey ? readOrReadOnly : readWriteOnly,
    "x-read-only-key": readOnlyKey,
    ...extra,
    responses,
  };
}

const bodyOf = (id: string, description: string) => ({
  required: false,
  description,
  content: { "application/json": { schema: ref(id) } },
});

/** The management paths, with the operation ids the fake server journals. */
export function managementPaths(): Record<string, PathItem> {
  return {
    "/api/v3/checks/": {
      get: operation(
        "listChecks",
        "List the project's checks",
        "checks",
        true,
        {
          "200": json("The checks in creation order; read-only keys get read-only representations.", {
            anyOf: [ref("CheckList"), ref("ReadOnlyCheckList")],
          }),
          ...errors("401", "405"),
        },
        { parameters: listChecksQuery },
      ),
      post: operation(
        "createCheck",
        "Create a check, or update the one `unique` matches",
        "checks",
        false,
        {
          "200": json("An existing check matched `unique` and was updated.", ref("Check")),
          "201": json("The check was created.", ref("Check")),
          ...errors("400", "401", "403", "405"),
        },
        { requestBody: bodyOf("CreateCheckBody", "Every member is optional; an empty body creates a check with the defaults. `api_key` may stand in for the header.") },
      ),
    },
    "/api/v3/checks/{uuid}": {
      get: operation(
        "getCheck",
        "Get a check by UUID or unique key",
        "checks",
        true,
        { "200": json("The check (read-only representation for read-only keys).", eitherCheck), ...errors("401", "403", "404", "405") },
        { parameters: [checkByUuidOrUniqueKey] },
      ),
      post: operation(
        "updateCheck",
        "Update a check",
        "checks",
        false,
        { "200": json("The updated check.", ref("Check")), ...errors("400", "401", "403", "404", "405") },
        { parameters: [checkByUuid], requestBody: bodyOf("UpdateCheckBody", "Only the members present change.") },
      ),
      delete: operation(
        "deleteCheck",
        "Delete a check",
        "checks",
        false,
        {
          "200": json("The check as it was; live: `channels` is always `\"\"`.", ref("Check")),
          ...errors("401", "403", "404", "405"),
        },
        { parameters: [checkByUuid] },
      ),
    },
    "/api/v3/checks/{uuid}/pause": {
      post: operation(
        "pauseCheck",
        "Pause a check",
        "checks",
        false,
        { "200": json("The paused check (pausing a paused check changes nothing).", ref("Check")), ...errors("400", "401", "403", "404", "405") },
        { parameters: [checkByUuid] },
      ),
    },
    "/api/v3/checks/{uuid}/resume": {
      post: operation(
        "resumeCheck",
        "Resume a paused check",
        "checks",
        false,
        { "200": json("The resumed check, now `new`.", ref("Check")), ...errors("400", "401", "403", "404", "405", "409") },
        { parameters: [checkByUuid] },
      ),
    },
    "/api/v3/checks/{uuid}/pings/": {
      get: operation(
        "listPings",
        "List a check's pings, newest first",
        "pings",
        false,
        { "200": json("At most min(ping log limit, 1000) pings.", ref("PingList")), ...errors("401", "403", "404", "405") },
        { parameters: [checkByUuid] },
      ),
    },
    "/api/v3/checks/{uuid}/pings/{n}/body": {
      get: operation(
        "getPingBody",
        "Get the body of a logged ping",
        "pings",
        false,
        {
          "200": {
            description: "The stored bytes verbatim (may be invalid UTF-8).",
            content: { "text/plain": { schema: { type: "string" } } },
          },
          ...errors("401", "403", "404", "405", "503"),
        },
        {
          parameters: [
            checkByUuid,
            { name: "n", in: "path", required: true, description: "The ping's sequence number.", schema: { type: "integer", minimum: 0 } },
          ],
        },
      ),
    },
    "/api/v3/checks/{uuid}/flips/": {
      get: operation(
        "listFlips",
        "List a check's status changes, newest first",
        "flips",
        true,
        {
          "200": json("Live: `{\"flips\": [...]}`; seed mode: a bare array.", ref("FlipList")),
          ...errors("400", "401", "403", "404", "405"),
        },
        { parameters: [checkByUuidOrUniqueKey, ...flipsQuery] },
      ),
    },
    "/api/v3/channels/": {
      get: operation(
        "listChannels",
        "List the project's integrations",
        "integrations",
        false,
        { "200": json("The integrations in creation order.", ref("ChannelList")), ...errors("401", "405") },
      ),
    },
    "/api/v3/badges/": {
      get: operation(
        "listBadges",
        "List the project's badge URLs",
        "badges",
        true,
        { "200": json("One entry per tag, plus `*` for all checks.", ref("BadgeList")), ...errors("401", "405") },
      ),
    },
  };
}
