/**
 * Generates `openapi.json`, the OpenAPI 3.1 description of the Checks
 * Management API v3, from the zod schemas. Run `npm run openapi -w
 * @checks-api/schema` after changing a schema; a test fails while the
 * committed file is stale.
 * @module
 */
import { realpathSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildComponentSchemas } from "./openapi/components.js";
import { API_KEY_SCHEME, managementPaths } from "./openapi/management.js";
import { badgePaths, pingPaths } from "./openapi/public.js";

/** Where the generated document is committed. */
export const OPENAPI_PATH = fileURLToPath(new URL("../openapi.json", import.meta.url));

/** The OpenAPI 3.1 document as an object. */
export function buildOpenApi(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Checks Management API",
      version: "3",
      description:
        "Management API v3 of Healthchecks-compatible cron-job monitoring, with its ping and badge endpoints. " +
        "Where the seed specification and the live service differ, both answers are described.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "{base_url}", variables: { base_url: { default: "http://localhost:8000" } } }],
    tags: [
      { name: "checks" },
      { name: "pings" },
      { name: "flips" },
      { name: "integrations" },
      { name: "badges" },
      { name: "ping API", description: "Any HTTP method is a ping; no key." },
      { name: "badge API", description: "Signed URLs; no key." },
    ],
    paths: { ...managementPaths(), ...pingPaths(), ...badgePaths() },
    components: {
      schemas: buildComponentSchemas(),
      securitySchemes: {
        [API_KEY_SCHEME]: {
          type: "apiKey",
          in: "header",
          name: "X-Api-Key",
          description:
            "A project's 32-character key: read-write (`hcw_…`) or read-only (`hcr_…`). Each operation's security " +
            "requirement names the roles it accepts (`x-read-only-key` says the same). POST endpoints also read " +
            "`api_key` from the JSON body when the header is absent.",
        },
      },
    },
  };
}

/** The document as committed: two-space JSON with a final newline. */
export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) writeFileSync(OPENAPI_PATH, renderOpenApi());
