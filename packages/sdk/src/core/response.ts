/**
 * Reading responses: JSON bodies validated against the schema, and errors
 * classified by status and content type.
 * @module
 */
import type { WireShapeName, WireTypes } from "@checks-api/schema/lite";
import {
  ChecksApiError,
  errorClassForStatus,
  ForbiddenError,
  InvalidResponseError,
  RateLimitError,
  RedirectError,
} from "./errors.js";
import type { Redactor } from "./redact.js";
import { parseRetryAfter } from "./retry.js";
import { checkShape, formatPath } from "./validate.js";

/** A response as an operation reads it. */
export interface RawResponse {
  /** HTTP status. */
  status: number;
  /** Response headers. */
  headers: Headers;
  /** Body bytes. */
  body: Uint8Array;
  /** One header's value without building `headers` (the undici transport has it). */
  header?(name: string): string | null;
}

/** What reading a response needs to know about its request. */
export interface ReadContext {
  /** HTTP method. */
  method: string;
  /** Masked request path. */
  path: string;
  /** The absolute request URL, unmasked: only for resolving a relative `Location`, which is masked. */
  url: string;
  /** Masks secrets in texts kept on errors. */
  redactor: Redactor;
  /** Validate against the schema. */
  validate: boolean;
}

const decoder = new TextDecoder();
/** Error texts longer than this are bodies (pages), not messages. */
const MAX_ERROR_TEXT = 200;

/** The body as text (invalid UTF-8 replaced). */
export function bodyText(response: RawResponse): string {
  return decoder.decode(response.body);
}

/** One header's value, as `Headers.get` gives it. */
export function headerOf(response: RawResponse, name: string): string | null {
  return response.header ? response.header(name) : response.headers.get(name);
}

/** True when the response says it is JSON (`application/json`, `application/problem+json`). */
function isJson(response: RawResponse): boolean {
  const type = headerOf(response, "content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[\w.+-]*\+json$/.test(type);
}

/**
 * The service's error text: the `error` member of a JSON body, or a short
 * plain text (`check is not paused`); never an HTML page or a long body.
 */
function errorTextOf(response: RawResponse): string | undefined {
  const text = bodyText(response);
  if (isJson(response)) {
    try {
      const parsed: unknown = JSON.parse(text);
      const error = (parsed as { error?: unknown } | null)?.error;
      return typeof error === "string" ? error : undefined;
    } catch {
      return undefined;
    }
  }
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.startsWith("<") || trimmed.length > MAX_ERROR_TEXT) return undefined;
  return trimmed;
}

/** Where a redirect points, absolute and masked; `undefined` when it does not say. */
function redirectTarget(response: RawResponse, context: Omit<ReadContext, "validate">): string | undefined {
  const location = headerOf(response, "location");
  if (!location) return undefined;
  let target = location;
  try {
    target = new URL(location, context.url).href;
  } catch {
    // Kept as sent: it still tells where the service meant to send the request.
  }
  return context.redactor.text(target);
}

/**
 * The error for a non-success response. `forbidden` picks the class of a
 * 403 (a `CheckLimitError` on create).
 */
export function errorFromResponse(
  response: RawResponse,
  context: Omit<ReadContext, "validate">,
  forbidden: typeof ForbiddenError = ForbiddenError,
): ChecksApiError {
  const errorText = errorTextOf(response);
  const init = {
    method: context.method,
    path: context.path,
    status: response.status,
    errorText: errorText === undefined ? undefined : context.redactor.text(errorText),
    body: context.redactor.text(bodyText(response)),
  };
  if (response.status === 429) {
    const ms = parseRetryAfter(headerOf(response, "retry-after"));
    return new RateLimitError({ ...init, retryAfter: ms === undefined ? undefined : ms / 1000 });
  }
  if (response.status === 403) return new forbidden(init);
  // Status 0: a redirect whose status and target the runtime hides (a browser's opaque redirect).
  if (response.status === 0 || (response.status >= 300 && response.status < 400)) {
    return new RedirectError({ ...init, status: response.status || undefined, location: redirectTarget(response, context) });
  }
  const ErrorClass = errorClassForStatus(response.status);
  return new ErrorClass(init);
}

/** The error for a success response that is not what the API promises; `fieldPath` names the offending member. */
export function invalidResponse(
  response: RawResponse,
  context: Omit<ReadContext, "validate">,
  message: string,
  fieldPath: Array<string | number> = [],
): InvalidResponseError {
  return new InvalidResponseError({
    method: context.method,
    path: context.path,
    status: response.status,
    body: context.redactor.text(bodyText(response)),
    message: context.redactor.text(message),
    fieldPath,
  });
}

/**
 * Parses a JSON body and, unless validation is off, checks it against
 * the named schema. Unknown members are kept. Throws {@link InvalidResponseError}
 * naming the offending member.
 */
export function readJson<N extends WireShapeName>(response: RawResponse, schema: N, context: ReadContext): WireTypes[N] {
  if (!isJson(response)) {
    const type = headerOf(response, "content-type") ?? "no content type";
    throw invalidResponse(response, context, `expected a JSON response, got ${type}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(bodyText(response));
  } catch {
    throw invalidResponse(response, context, "response body is not valid JSON");
  }
  if (!context.validate) return value as WireTypes[N];
  const result = checkShape(schema, value);
  if (result.ok) return result.value;
  const { path, message } = result.problem;
  throw invalidResponse(response, context, `invalid response at ${formatPath(path)}: ${message}`, path);
}
