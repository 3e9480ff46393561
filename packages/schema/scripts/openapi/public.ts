/**
 * The endpoints without an API key: pings (`docs/reference.md#pings`) and badges
 * (`docs/reference.md#badges`).
 * @module
 */
import { BADGE_FORMATS, DEFAULT_PING_BODY_LIMIT, EXIT_STATUS_MAX, PING_RESPONSES, UUID_PATTERN } from "../../src/index.js";
import { ref, type JsonSchema } from "./components.js";
import type { Operation, PathItem } from "./management.js";

// Route patterns that the schema package has no constant for.
const WORD = "^[-a-zA-Z0-9_]+$";
const DIGITS = "^[0-9]+$";

const uuidSchema: JsonSchema = { type: "string", pattern: UUID_PATTERN.source, format: "uuid" };
const pathParam = (name: string, description: string, schema: JsonSchema) => ({ name, in: "path", required: true, description, schema });

const uuid = pathParam("uuid", "The check's UUID, lowercase and hyphenated.", uuidSchema);
const pingKey = pathParam("ping_key", "The project's ping key.", { type: "string", pattern: WORD });
const slug = pathParam("slug", "The check's slug; uppercase letters give 400 `invalid url format`.", { type: "string", pattern: WORD });
const exitStatus = pathParam(
  "exit_status",
  `0 = success, 1–${EXIT_STATUS_MAX} = failure, larger = 400 \`invalid url format\`.`,
  { type: "integer", minimum: 0 },
);
const rid = {
  name: "rid",
  in: "query",
  required: false,
  description: "Run id: a canonical UUID (any case; stored lowercase). Present but not a UUID → 400 `invalid uuid format`.",
  schema: { type: "string" },
};
const create = {
  name: "create",
  in: "query",
  required: false,
  description: "`1`: create the check (name = slug = the URL's slug) when no check has this slug; the answer is then 201.",
  schema: { type: "string" },
};

const text = (description: string, ...bodies: string[]) => ({
  description,
  content: { "text/*": { schema: { type: "string", enum: bodies } } },
});

const pingRequestBody = {
  required: false,
  description: `Any content, logged verbatim; cut to the installation's limit (default ${DEFAULT_PING_BODY_LIMIT} bytes, announced in \`Ping-Body-Limit\`).`,
  content: { "*/*": { schema: { type: "string" } } },
};

function pingResponses(bySlug: boolean): Record<string, unknown> {
  const ok = {
    ...text("The ping was recorded.", PING_RESPONSES.ok),
    headers: {
      "Ping-Body-Limit": { description: "The body limit in bytes, when one is configured.", schema: { type: "integer" } },
      "Access-Control-Allow-Origin": { schema: { type: "string", const: "*" } },
    },
  };
  return {
    "200": ok,
    ...(bySlug ? { "201": { ...ok, ...text("The check was created (`create=1`) and the ping recorded.", PING_RESPONSES.created) } } : {}),
    "400": text("Exit status above 255, uppercase slug, or a `rid` that is no UUID.", PING_RESPONSES.invalidUrlFormat, PING_RESPONSES.invalidUuidFormat),
    "404": text("No such check (or the framework's HTML page for a malformed UUID).", PING_RESPONSES.notFound),
    ...(bySlug ? { "409": text("Several checks of the project have this slug.", PING_RESPONSES.ambiguousSlug) } : {}),
  };
}

// Every method is a ping; the documented ones are HEAD, GET and POST.
const PING_METHODS = ["get", "head", "post"] as const;

function pingPath(id: string, summary: string, parameters: unknown[], bySlug: boolean): PathItem {
  const item: PathItem = {};
  for (const method of PING_METHODS) {
    const op: Operation = {
      operationId: `${id}${method[0]?.toUpperCase()}${method.slice(1)}`,
      summary,
      tags: ["ping API"],
      security: [],
      parameters: [...parameters, rid, ...(bySlug ? [create] : [])],
      responses: pingResponses(bySlug),
    };
    if (method === "post") op.requestBody = pingRequestBody;
    item[method] = op;
  }
  return item;
}

const SIGNALS = [
  ["start", "Signal a start"],
  ["fail", "Signal a failure"],
  ["log", "Log a message without changing the status"],
] as const;

/** The ping paths, relative to the site root (the ping endpoint defaults to `{site_root}/ping/`). */
export function pingPaths(): Record<string, PathItem> {
  const paths: Record<string, PathItem> = { "/ping/{uuid}": pingPath("pingSuccess", "Signal success", [uuid], false) };
  for (const [signal, summary] of SIGNALS) {
    const id = `ping${signal[0]?.toUpperCase()}${signal.slice(1)}`;
    paths[`/ping/{uuid}/${signal}`] = pingPath(id, summary, [uuid], false);
  }
  // `/ping/{uuid}/{exit_status}` and `/ping/{ping_key}/{slug}` have the same
  // shape, which OpenAPI forbids for two paths; the service tells them apart
  // by the segments' contents, and so does this one path.
  paths["/ping/{uuid_or_ping_key}/{exit_status_or_slug}"] = pingPath(
    "pingExitStatusOrSlug",
    "Signal an exit status (UUID form) or success (slug form)",
    [
      pathParam("uuid_or_ping_key", "A check UUID followed by an exit status, or a ping key followed by a slug.", {
        anyOf: [uuidSchema, { type: "string", pattern: WORD }],
      }),
      pathParam("exit_status_or_slug", `An exit status (${exitStatus.description}) after a UUID; a slug after a ping key.`, {
        anyOf: [{ type: "string", pattern: DIGITS }, { type: "string", pattern: WORD }],
      }),
    ],
    true,
  );
  for (const [signal, summary] of SIGNALS) {
    const id = `pingSlug${signal[0]?.toUpperCase()}${signal.slice(1)}`;
    paths[`/ping/{ping_key}/{slug}/${signal}`] = pingPath(id, `${summary} (by slug)`, [pingKey, slug], true);
  }
  paths["/ping/{ping_key}/{slug}/{exit_status}"] = pingPath("pingSlugExitStatus", "Signal an exit status (by slug)", [pingKey, slug, exitStatus], true);
  return paths;
}

const format = pathParam("fmt", "Output format.", { type: "string", enum: [...BADGE_FORMATS] });

const badgeResponses = {
  "200": {
    description: "`svg`: an SVG image; `json`: the JSON badge; `shields`: a Shields.io endpoint badge.",
    headers: { "Access-Control-Allow-Origin": { schema: { type: "string", const: "*" } } },
    content: {
      "image/svg+xml": { schema: { type: "string" } },
      "application/json": { schema: { anyOf: [ref("BadgeJson"), ref("ShieldsBadge")] } },
    },
  },
  "404": { description: "Unknown format, wrong signature or unknown badge: empty body (or the framework's HTML page)." },
  "405": { description: "HEAD or another safe method other than GET and OPTIONS." },
};

function badgeOperation(operationId: string, summary: string, parameters: unknown[]): PathItem {
  return { get: { operationId, summary, tags: ["badge API"], security: [], parameters, responses: badgeResponses } };
}

/** The badge paths (signed URLs; no API key). */
export function badgePaths(): Record<string, PathItem> {
  const badgeKey = pathParam("badge_key", "The project's badge key.", { type: "string", pattern: WORD });
  const signature = pathParam(
    "signature",
    "8 signature characters; `-2` appended selects the 2-state badge.",
    { type: "string", pattern: WORD },
  );
  const tag = pathParam("tag", "The tag, percent-encoded twice (`db@dc1` → `db%2540dc1`).", { type: "string" });
  return {
    "/badge/{badge_key}/{signature}/{tag}.{fmt}": badgeOperation("getTagBadge", "Badge of the checks with a tag", [badgeKey, signature, tag, format]),
    "/badge/{badge_key}/{signature}.{fmt}": badgeOperation("getProjectBadge", "Badge of all the project's checks", [badgeKey, signature, format]),
    "/b/{states}/{badge_key}.{fmt}": badgeOperation("getCheckBadge", "Badge of one check (its `badge_url`)", [
      pathParam("states", "`3`: 3-state (up, late, down); any other number: 2-state.", { type: "integer", minimum: 0 }),
      pathParam("badge_key", "The check's badge UUID (not its UUID).", uuidSchema),
      format,
    ]),
  };
}
