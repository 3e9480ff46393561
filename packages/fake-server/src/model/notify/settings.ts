/**
 * A channel's settings in the service's stored text form, checked against
 * its kind's declaration in `@checks-api/schema` (`CHANNEL_SETTINGS`: the
 * members, their types, lengths, choices and formats, as the service's add
 * forms hold them; each kind's module says what its settings mean). A URL
 * of any kind is `http://` or `https://` followed by a host, with no
 * whitespace. No settings text may be longer than
 * {@link CHANNEL_VALUE_MAX_LENGTH} characters. An empty text is accepted
 * for every kind: the test gave no settings, and deliveries to that channel
 * are recorded without a request.
 * @module
 */
import { CHANNEL_VALUE_MAX_LENGTH } from "./limits.js";
import { checkDeclared } from "./declared-settings.js";
import { ChannelValueError, type JsonObject } from "./value-rules.js";

export { ChannelValueError } from "./value-rules.js";

/** The value of a kind whose settings are plain text (a URL, a key), checked. */
export function plainValue(kind: string, value: string): string {
  checkDeclared(kind, value);
  return value;
}

/** The settings object of a kind stored as JSON, checked; its members have the declared types. */
export function objectValue(kind: string, value: string): JsonObject {
  const object = checkDeclared(kind, value);
  if (object === null) throw new ChannelValueError(`${kind} value: must be a JSON object`);
  return object;
}

/**
 * Checks a channel's settings text for its kind: `null` when the fake can
 * use it, otherwise a message naming the kind and what is wrong (for a 400),
 * e.g. `webhook value: url_down must be an http or https URL`. `""` is
 * accepted for every kind; kinds the schema does not declare accept any
 * text up to {@link CHANNEL_VALUE_MAX_LENGTH} characters.
 */
export function validateChannelValue(kind: string, value: string): string | null {
  if (value.length > CHANNEL_VALUE_MAX_LENGTH) {
    return `${kind} value: longer than ${CHANNEL_VALUE_MAX_LENGTH} characters`;
  }
  if (value === "") return null;
  try {
    checkDeclared(kind, value);
    return null;
  } catch (error) {
    if (error instanceof ChannelValueError) return error.message;
    throw error;
  }
}
