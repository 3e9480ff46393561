/**
 * The check of a channel's settings text against its kind's declaration in
 * `@checks-api/schema` (`CHANNEL_SETTINGS`): the plain-text form or the
 * JSON object's members, their types, lengths (in characters, as the
 * service's forms count them), choices, formats and patterns. A refusal is
 * a `ChannelValueError` whose message names the kind and the member, e.g.
 * `gotify value: priority must be 0, 2, 5 or 9`.
 * @module
 */
import { CHANNEL_SETTINGS, isKnownChannelKind, type MemberRule, type SettingsDeclaration, type TextRule } from "@checks-api/schema/lite";
import { codePointLength } from "../../text/code-points.js";
import { memberNames, memberTokens } from "../../text/json-members.js";
import { isEmailAddress } from "./email-address.js";
import { type JsonObject, checkUrl, member, parseObject, refuse } from "./value-rules.js";

/** An HTTP header name: an RFC 9110 token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A member name that `JSON.parse` moves to the front of an object. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
/** What a header value cannot hold: line breaks and other control characters (a tab is allowed). */
const VALUE_CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;
const UUIDS = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})*$/;

/** The declaration of `kind`, or `undefined` for a kind the schema does not know. */
function declarationOf(kind: string): SettingsDeclaration | undefined {
  return isKnownChannelKind(kind) ? CHANNEL_SETTINGS[kind] : undefined;
}

function listed(values: readonly (string | number)[]): string {
  return values.length === 1 ? String(values[0]) : `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}

function checkText(kind: string, name: string, text: string, rule: TextRule): void {
  const length = codePointLength(text);
  const { min = 0, max } = rule;
  if (rule.format === "url") {
    checkUrl(kind, name, text, max ?? Number.POSITIVE_INFINITY, min === 0);
    return;
  }
  if (max !== undefined && min > 0 && (length < min || length > max)) refuse(kind, `${name} must be ${min} to ${max} characters`);
  if (max !== undefined && length > max) refuse(kind, `${name} is longer than ${max} characters`);
  if (length < min) refuse(kind, min === 1 ? `${name} must not be empty` : `${name} must be at least ${min} characters`);
  if (rule.format === "email" && !isEmailAddress(text)) refuse(kind, `${JSON.stringify(text)} is not an email address`);
  if (rule.format === "uuids" && !UUIDS.test(text)) refuse(kind, `${name} must be integration UUIDs separated by commas`);
  if (rule.pattern !== undefined && !rule.pattern.regex.test(text)) refuse(kind, `${name} must be ${rule.pattern.means}`);
}

/**
 * The header pairs of a `headers` member, in the order the text writes
 * them (the parsed object lists names that look like array indexes first;
 * the service keeps written order, which only a scan of the text recovers).
 * @param text The JSON text the member was read from, or `null` when it is nested.
 */
export function headerPairs(kind: string, text: string | null, object: JsonObject, name: string, max: number): Array<[string, string]> {
  const headers = member(object, name);
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    refuse(kind, `${name} must be an object of header names and text values`);
  }
  const keys = Object.keys(headers);
  const order =
    text !== null && keys.some((key) => ARRAY_INDEX.test(key)) ? memberNames(memberTokens(text, new Set([name])).get(name) ?? "{}") : keys;
  return order.map((header): [string, string] => {
    const value = (headers as JsonObject)[header];
    if (codePointLength(header) > max) refuse(kind, `${name} has a header name longer than ${max} characters`);
    if (!TOKEN.test(header)) refuse(kind, `${name} has an invalid header name ${JSON.stringify(header)}`);
    if (typeof value !== "string") refuse(kind, `${name} value of ${header} must be a string`);
    if (codePointLength(value) > max) refuse(kind, `${name} value of ${header} is longer than ${max} characters`);
    if (VALUE_CONTROL.test(value)) refuse(kind, `${name} value of ${header} has a line break or control character`);
    return [header, value];
  });
}

function integerRange(rule: Extract<MemberRule, { type: "integer" }>): string {
  if (rule.values !== undefined) return listed(rule.values);
  if (rule.min !== undefined && rule.max !== undefined) return `a whole number from ${rule.min} to ${rule.max}`;
  if (rule.min !== undefined) return `a whole number of at least ${rule.min}`;
  return "a whole number";
}

// `text`: the JSON text of `object` when it is the top level, whose raw number tokens are read (the service's parser takes `3.0` as a float).
function checkMembers(kind: string, object: JsonObject, members: Readonly<Record<string, MemberRule>>, text: string | null): void {
  for (const [name, rule] of Object.entries(members)) {
    const value = member(object, name);
    if (value === undefined) {
      if ("optional" in rule && rule.optional) continue;
      refuse(kind, `missing ${name}`);
    }
    if (value === null && "nullable" in rule && rule.nullable) continue;
    switch (rule.type) {
      case "text":
        if (typeof value !== "string") refuse(kind, `${name} must be a string`);
        checkText(kind, name, value, rule);
        break;
      case "integer": {
        const token = text === null ? String(value) : memberTokens(text, new Set([name])).get(name);
        const whole = typeof value === "number" && token !== undefined && /^-?\d+$/.test(token);
        const inRange =
          whole &&
          (rule.values === undefined || rule.values.includes(value)) &&
          (rule.min === undefined || value >= rule.min) &&
          (rule.max === undefined || value <= rule.max);
        if (!inRange) refuse(kind, `${name} must be ${integerRange(rule)}`);
        break;
      }
      case "boolean":
        if (typeof value !== "boolean") refuse(kind, `${name} must be true or false`);
        break;
      case "choice":
        if (typeof value !== "string" || !rule.values.includes(value)) refuse(kind, `${name} must be ${listed(rule.values)}`);
        break;
      case "headers":
        headerPairs(kind, text, object, name, rule.max);
        break;
      case "texts":
        if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) refuse(kind, `${name} must be a list of texts`);
        for (const item of value as string[]) {
          if (codePointLength(item) > rule.max) refuse(kind, `${name} has an item longer than ${rule.max} characters`);
        }
        break;
      case "object":
        if (typeof value !== "object" || value === null || Array.isArray(value)) {
          refuse(kind, `${name} must be an object with a ${Object.keys(rule.members).join(" and a ")}`);
        }
        checkMembers(kind, value as JsonObject, rule.members, null);
        break;
    }
  }
}

function isOn(value: unknown): boolean {
  return value === true || (typeof value === "string" && value !== "");
}

/**
 * Checks `value`, a channel's settings text, against the declaration of
 * `kind` and gives the parsed object (or `null` for the plain-text form).
 * Throws a `ChannelValueError` naming what is wrong. Kinds the schema
 * does not declare take any text.
 */
export function checkDeclared(kind: string, value: string): JsonObject | null {
  const declaration = declarationOf(kind);
  if (declaration === undefined) return null;
  const { text, members } = declaration;
  if (text !== undefined && (members === undefined || !value.startsWith("{"))) {
    const name = text.format === "url" ? "the URL" : text.format === "email" ? "the address" : "the value";
    checkText(kind, name, value, text);
    return null;
  }
  const object = parseObject(kind, value);
  checkMembers(kind, object, members ?? {}, value);
  const switches = declaration.anyOf;
  if (switches !== undefined && !switches.some((name) => isOn(member(object, name)))) {
    const booleans = switches.every((name) => typeof member(object, name) === "boolean");
    refuse(kind, `${switches.join(" and ")} are ${switches.length === 2 ? "both " : "all "}${booleans ? "false" : "empty"}`);
  }
  return object;
}
