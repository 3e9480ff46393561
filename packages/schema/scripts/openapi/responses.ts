/**
 * Response objects shared by the management endpoints (live
 * bodies, and the seed mode's JSON error bodies: `docs/reference.md#7-error-bodies`).
 * @module
 */
import { ERROR_MESSAGES } from "../../src/index.js";
import { ref, type JsonSchema } from "./components.js";

/** An OpenAPI response object. */
export type ResponseObject = Record<string, unknown>;

const errorBody = { "application/json": { schema: ref("ErrorBody") } };
const textBody = (schema: JsonSchema = { type: "string" }) => ({ "text/html": { schema } });

/** A JSON body with the given schema. */
export function json(description: string, schema: JsonSchema): ResponseObject {
  return { description, content: { "application/json": { schema } } };
}

/** The error responses a management endpoint can give, by status code. */
export const ERROR_RESPONSES: Record<"400" | "401" | "403" | "404" | "405" | "409" | "503", ResponseObject> = {
  "400": {
    description:
      "The body is not valid UTF-8 JSON, is not an object, or fails validation (`json validation error: <field> <problem>`), " +
      "or a `channels` item is empty, unknown or ambiguous. Invalid flips query parameters give an empty body (live).",
    content: { ...errorBody, ...textBody() },
  },
  "401": {
    description: `\`${ERROR_MESSAGES.missingApiKey}\` (no key, or not 32 characters) or \`${ERROR_MESSAGES.wrongApiKey}\` (no project has this key for this endpoint; a read-only key on a read-write endpoint).`,
    content: errorBody,
  },
  "403": {
    description:
      "The check belongs to another project, or (create) the account's check limit is reached. Live: empty body; seed mode: `{\"error\": ...}`.",
    content: { ...errorBody, ...textBody({ type: "string", maxLength: 0 }) },
  },
  "404": {
    description:
      "Unknown check: the framework's HTML page (UUID) or an empty body (unique key). Seed mode: `{\"error\": \"not found\"}`.",
    content: { ...errorBody, ...textBody() },
  },
  "405": {
    description: "Method not allowed on this path (checked before authentication). Live: empty body.",
    content: { ...errorBody, ...textBody({ type: "string", maxLength: 0 }) },
  },
  "409": {
    description: `The check is not paused. Live: the text \`${ERROR_MESSAGES.checkNotPaused}\`; seed mode: JSON.`,
    content: { ...errorBody, ...textBody({ type: "string", const: ERROR_MESSAGES.checkNotPaused }) },
  },
  "503": {
    description: "The ping body is in object storage that is failing; retry later. Empty body.",
    content: textBody({ type: "string", maxLength: 0 }),
  },
};

/** Picks the listed error responses. */
export function errors(...codes: (keyof typeof ERROR_RESPONSES)[]): Record<string, ResponseObject> {
  return Object.fromEntries(codes.map((code) => [code, ERROR_RESPONSES[code]]));
}
