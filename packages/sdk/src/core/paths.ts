/**
 * Path parameters: checked before sending (with the message the service
 * would give) and encoded, so that no input can reach another route.
 * @module
 */
import { EXIT_STATUS_MAX, isUniqueKey, PING_RESPONSES, UUID_PATTERN } from "@checks-api/schema/lite";
import { BadRequestError } from "./errors.js";

/** The API version every path uses. */
export const API_PREFIX = "/api/v3";

const PING_SEGMENT = /^[-a-zA-Z0-9_]+$/;
// Callers may pass uppercase UUIDs; they are lowercased before sending.
const ANY_CASE_UUID = new RegExp(UUID_PATTERN.source, "i");

/** Where an input was rejected, for the error's method and path. */
export interface InputContext {
  /** HTTP method the call would have used. */
  method: string;
  /** Path template of the call (no parameter values: they may be secret). */
  path: string;
}

/** The error thrown for input rejected before sending. */
export function rejectInput(context: InputContext, message: string): BadRequestError {
  return new BadRequestError({ method: context.method, path: context.path, errorText: message });
}

/**
 * A check UUID in the canonical lowercase form the routes accept. Uppercase
 * input is lowercased; anything else is rejected (`invalid uuid format`).
 */
export function checkUuidParam(value: unknown, context: InputContext): string {
  if (typeof value !== "string" || !ANY_CASE_UUID.test(value)) {
    throw rejectInput(context, PING_RESPONSES.invalidUuidFormat);
  }
  return value.toLowerCase();
}

/** A check identifier: a UUID (lowercased) or a 40-character `unique_key`. */
export function checkIdParam(value: unknown, context: InputContext): { kind: "uuid" | "unique_key"; value: string } {
  if (typeof value === "string" && isUniqueKey(value)) return { kind: "unique_key", value };
  return { kind: "uuid", value: checkUuidParam(value, context) };
}

/** A ping number (`n` ≥ 1). */
export function pingNumberParam(value: unknown, context: InputContext): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw rejectInput(context, "ping number must be a positive integer");
  }
  return value;
}

/** A ping key or slug of a slug ping URL; uppercase slugs are refused as the service does. */
export function pingSegmentParam(value: unknown, context: InputContext, slug: boolean): string {
  if (typeof value !== "string" || !PING_SEGMENT.test(value) || (slug && /[A-Z]/.test(value))) {
    throw rejectInput(context, PING_RESPONSES.invalidUrlFormat);
  }
  return value;
}

/**
 * An exit status, 0–255. The service's answer to a bad one is `invalid url
 * format`, which would point at the wrong thing: the message says the range.
 */
export function exitStatusParam(value: unknown, context: InputContext): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > EXIT_STATUS_MAX) {
    throw rejectInput(context, `exit status must be an integer from 0 to ${EXIT_STATUS_MAX}`);
  }
  return value;
}

/** A run id: a UUID in any case (the service stores it lowercase). */
export function runIdParam(value: unknown, context: InputContext): string {
  if (typeof value !== "string" || !ANY_CASE_UUID.test(value)) {
    throw rejectInput(context, PING_RESPONSES.invalidUuidFormat);
  }
  return value.toLowerCase();
}

/** Joins encoded path segments onto a base URL (which has no trailing slash). */
export function joinUrl(base: string, segments: ReadonlyArray<string | number>, trailingSlash = false): string {
  const path = segments.map((s) => encodeURIComponent(String(s))).join("/");
  return `${base}/${path}${trailingSlash ? "/" : ""}`;
}
