/**
 * Turns the zod schemas registered with an `id` into OpenAPI components.
 * @module
 */
import * as z from "zod/mini";
import { CreateCheckBodySchema, UpdateCheckBodySchema } from "../../src/index.js";

/** A JSON Schema object as it appears in the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/** Where a component lives, for `$ref`. */
export function ref(id: string): JsonSchema {
  return { $ref: `#/components/schemas/${id}` };
}

// Request bodies are documented as the service reads them (unknown members
// such as `api_key` are ignored), responses as it writes them.
const REQUEST_SCHEMAS: z.ZodMiniType[] = [CreateCheckBodySchema, UpdateCheckBodySchema];

function registryAsJsonSchema(io: "input" | "output"): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    io,
    uri: (id) => `#/components/schemas/${id}`,
  });
  if ("__shared" in schemas) throw new Error("a schema without an id is shared between components; give it an id");
  return schemas as Record<string, JsonSchema>;
}

/** Every registered schema, keyed by its id, as OpenAPI 3.1 (JSON Schema 2020-12) components. */
export function buildComponentSchemas(): Record<string, JsonSchema> {
  const output = registryAsJsonSchema("output");
  const input = registryAsJsonSchema("input");
  const requestIds = new Set(REQUEST_SCHEMAS.map((schema) => z.globalRegistry.get(schema)?.id));
  const components: Record<string, JsonSchema> = {};
  for (const id of Object.keys(output).sort()) {
    // `$id`/`$schema` are for standalone documents; inside components they
    // would re-base the `$ref`s.
    const { $id: _id, $schema: _schema, ...schema } = (requestIds.has(id) ? input[id] : output[id]) ?? {};
    components[id] = schema;
  }
  return components;
}

/** A single zod schema inlined as JSON Schema (for parameters). */
export function inline(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }) as JsonSchema;
  return rest;
}
