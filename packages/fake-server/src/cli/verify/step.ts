/**
 * What one step of the verify scenario is: a request written with
 * placeholders, which each side (the service, the fake) fills in with its
 * own identifiers and keys, plus what the runner learns from the answer.
 * @module
 */

/** Which key a request carries in `X-Api-Key`. */
export type KeyUse =
  /** The read-write key. */
  | "read-write"
  /** The read-only key (the step is skipped when the service's is not given). */
  | "read-only"
  /** No key at all. */
  | "none"
  /** A key of the right length that no project has. */
  | "unknown"
  /** A key too short to be one. */
  | "malformed";

/** A step's request, with `{…}` placeholders in its path and in the strings of its body. */
export interface StepRequest {
  /** HTTP method. */
  method: string;
  /** `api`: under the site root; `ping`: under the ping endpoint. */
  endpoint: "api" | "ping";
  /** Path below the endpoint, e.g. `/api/v3/checks/{check:simple}/pause` or `{check:simple}/fail`. */
  path: string;
  /** The key sent; none for pings and badges. */
  key?: KeyUse;
  /** A JSON body (placeholders in its strings are filled in). */
  json?: unknown;
  /** A text body, sent verbatim after its placeholders are filled in. */
  text?: string;
  /** A binary body. */
  bytes?: readonly number[];
  /** Extra request headers (placeholders filled in, `{site}` among them). */
  headers?: Readonly<Record<string, string>>;
}

/** Something of a side the step needs; the step is skipped when the service lacks it. */
export type Need = "read-only key" | "ping key";

/** One step of the scenario. */
export interface Step {
  /** Short name, shown in the table. */
  name: string;
  /** What is sent to both sides. */
  request: StepRequest;
  /** Skipped unless the service side has this. */
  needs?: Need;
  /** The answer is a check this step created (or may have created): remembered under this name and cleaned up at the end. */
  creates?: string;
  /** The check this step can make go down: the run stops rather than send it while that check has integrations. */
  mayGoDown?: string;
  /** The status `mayGoDown` shows once the service has taken this step (told when the run leaves the check behind). */
  leaves?: "up" | "down" | "started";
  /** The check this step deletes: once the service has, the cleanup has nothing left to do for it. */
  deletes?: string;
  /** The part of a JSON answer that is compared (default: all of it), for answers that also show things of other checks. */
  view?: (body: unknown, names: RunNames) => unknown;
}

/** The names a run gives what it creates, unique to the run. */
export interface RunNames {
  /** The tag every check of the run carries. */
  tag: string;
  /** Prefix of every slug and name of the run. */
  prefix: string;
}

/** A check the run created on one side. */
export interface RememberedCheck {
  /** Its UUID. */
  uuid: string;
  /** Its `unique_key`. */
  uniqueKey: string;
  /** Its `channels` in the last answer that showed it. */
  channels: string;
}

/** What a side knows when it fills in a request. */
export interface SideValues {
  /** The checks the run created, by name. */
  checks: ReadonlyMap<string, RememberedCheck>;
  /** The side's ping key (slug ping URLs), if known. */
  pingKey: string | undefined;
  /** The side's site root, without the final `/`. */
  site: string;
}

/** A placeholder that cannot be filled in: a check the run failed to create. */
export class MissingValueError extends Error {
  /** Creates the error naming the placeholder. */
  constructor(placeholder: string) {
    super(`no value for {${placeholder}}: an earlier step did not create it`);
    this.name = "MissingValueError";
  }
}

const PLACEHOLDER = /\{([a-z-]+)(?::([a-z-]+))?\}/g;

/** `text` with every placeholder filled in with the run's names and the side's values. */
export function fill(text: string, names: RunNames, side: SideValues): string {
  return text.replace(PLACEHOLDER, (whole, kind: string, name: string | undefined) => {
    const check = (): RememberedCheck => {
      const found = name === undefined ? undefined : side.checks.get(name);
      if (found === undefined) throw new MissingValueError(whole.slice(1, -1));
      return found;
    };
    switch (kind) {
      case "tag":
        return names.tag;
      case "site":
        return side.site;
      case "slug":
        return `${names.prefix}-${name ?? ""}`;
      case "name":
        return `${names.prefix} ${name ?? ""}`;
      case "check":
        return check().uuid;
      case "unique":
        return check().uniqueKey;
      case "ping-key":
        if (side.pingKey === undefined) throw new MissingValueError("ping-key");
        return side.pingKey;
      default:
        return whole;
    }
  });
}

/** A JSON value with every string's placeholders filled in. */
export function fillJson(value: unknown, names: RunNames, side: SideValues): unknown {
  if (typeof value === "string") return fill(value, names, side);
  if (Array.isArray(value)) return value.map((item) => fillJson(item, names, side));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([member, item]) => [member, fillJson(item, names, side)]));
  }
  return value;
}
