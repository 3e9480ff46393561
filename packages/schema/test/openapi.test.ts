import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApi, OPENAPI_PATH, renderOpenApi } from "../scripts/openapi.js";

type Operation = { operationId?: string; parameters?: { name: string }[]; security?: Record<string, string[]>[]; "x-read-only-key"?: boolean; responses: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const doc = buildOpenApi() as Doc;

const MANAGEMENT: [string, string, string, boolean][] = [
  ["listChecks", "get", "/api/v3/checks/", true],
  ["getCheck", "get", "/api/v3/checks/{uuid}", true],
  ["createCheck", "post", "/api/v3/checks/", false],
  ["updateCheck", "post", "/api/v3/checks/{uuid}", false],
  ["pauseCheck", "post", "/api/v3/checks/{uuid}/pause", false],
  ["resumeCheck", "post", "/api/v3/checks/{uuid}/resume", false],
  ["deleteCheck", "delete", "/api/v3/checks/{uuid}", false],
  ["listPings", "get", "/api/v3/checks/{uuid}/pings/", false],
  ["getPingBody", "get", "/api/v3/checks/{uuid}/pings/{n}/body", false],
  ["listFlips", "get", "/api/v3/checks/{uuid}/flips/", true],
  ["listChannels", "get", "/api/v3/channels/", false],
  ["listBadges", "get", "/api/v3/badges/", true],
];

function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]): [string, string, Operation] => [path, method, op]));
}

describe("openapi.json", () => {
  it("is up to date with the schemas", () => {
    const committed = readFileSync(OPENAPI_PATH, "utf8");
    expect(committed === renderOpenApi(), "run npm run openapi -w @checks-api/schema").toBe(true);
  });

  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(readFileSync(OPENAPI_PATH, "utf8")) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("the validator does reject a broken document", async () => {
    const { info: _info, ...broken } = buildOpenApi();
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it.each(MANAGEMENT)("documents %s as %s %s with the right key kinds", (operationId, method, path, readOnly) => {
    const op = doc.paths[path]?.[method];
    expect(op?.operationId).toBe(operationId);
    expect(op?.["x-read-only-key"]).toBe(readOnly);
    const roles = op?.security?.flatMap((requirement) => requirement.ApiKey ?? []);
    expect(roles).toEqual(readOnly ? ["read-write", "read-only"] : ["read-write"]);
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(["200", "401", "405"]));
  });

  it("has unique operation ids, and keyless ping and badge endpoints", () => {
    const ids = operations().map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, , op] of operations()) {
      if (path.startsWith("/ping/") || path.startsWith("/badge/") || path.startsWith("/b/")) expect(op.security).toEqual([]);
    }
  });

  it("documents every ping URL form, with rid everywhere and create on slug forms", () => {
    for (const path of [
      "/ping/{uuid}",
      "/ping/{uuid}/start",
      "/ping/{uuid}/fail",
      "/ping/{uuid}/log",
      "/ping/{uuid_or_ping_key}/{exit_status_or_slug}",
      "/ping/{ping_key}/{slug}/start",
      "/ping/{ping_key}/{slug}/fail",
      "/ping/{ping_key}/{slug}/log",
      "/ping/{ping_key}/{slug}/{exit_status}",
    ]) {
      const item = doc.paths[path];
      expect(Object.keys(item ?? {}), path).toEqual(["get", "head", "post"]);
      const names = (item?.get?.parameters ?? []).map((p) => p.name);
      expect(names, path).toContain("rid");
      expect(names.includes("create"), path).toBe(path.includes("slug"));
    }
  });

  it("references only components that exist, and every registered schema is a component", () => {
    const text = renderOpenApi();
    const refs = new Set([...text.matchAll(/"\$ref": "#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    for (const id of refs) expect(doc.components.schemas, id).toHaveProperty(id as string);
    for (const id of ["Check", "ReadOnlyCheck", "SimpleCheck", "ScheduledCheck", "CreateCheckBody", "UpdateCheckBody", "PingList", "FlipList", "ChannelList", "BadgeList", "BadgeJson", "ShieldsBadge", "ErrorBody"]) {
      expect(doc.components.schemas, id).toHaveProperty(id);
    }
    expect(text).not.toContain('"$id"');
  });

  it("documents the list-checks tag filter as a repeated query parameter", () => {
    const params = doc.paths["/api/v3/checks/"]?.get?.parameters ?? [];
    expect(params.find((p) => p.name === "tag")).toMatchObject({ in: "query", style: "form", explode: true, schema: { type: "array" } });
  });

  it("lets request bodies carry unknown members such as api_key, and declares integer durations", () => {
    const create = doc.components.schemas.CreateCheckBody as { additionalProperties?: unknown; properties: Record<string, { type?: string }> };
    expect(create.additionalProperties).toBeUndefined();
    expect(create.properties.timeout?.type).toBe("integer");
    expect(doc.components.schemas.UpdateCheckBody).not.toHaveProperty("properties.unique");
  });
});
