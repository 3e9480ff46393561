/**
 * The read-write check as the SDK returns it: the wire representation with
 * `uuid` always present, and the reading step that puts it there.
 * @module
 */
import {
  checkUuid,
  type ScheduledCheck as WireScheduledCheck,
  type SimpleCheck as WireSimpleCheck,
} from "@checks-api/schema/lite";
import { invalidResponse, readJson, type RawResponse, type ReadContext } from "../core/response.js";
import { formatPath } from "../core/validate.js";

/**
 * A simple check (with `timeout`) as a read-write key sees it, with its UUID.
 * @category Types
 */
export type SimpleCheck = WireSimpleCheck & {
  /**
   * The check's UUID: the service's `uuid` member, or, where the service
   * sends none (the seed's representation), the one in `update_url` / `ping_url`.
   */
  uuid: string;
};

/**
 * A cron or OnCalendar check (with `schedule` and `tz`) as a read-write key sees it, with its UUID.
 * @category Types
 */
export type ScheduledCheck = WireScheduledCheck & {
  /**
   * The check's UUID: the service's `uuid` member, or, where the service
   * sends none (the seed's representation), the one in `update_url` / `ping_url`.
   */
  uuid: string;
};

/**
 * A check as a read-write key sees it, `uuid` always present whichever
 * service answered. Narrow with `"timeout" in check` (or `isScheduled`).
 * @category Types
 */
export type Check = SimpleCheck | ScheduledCheck;

/**
 * Sets `uuid` on a check that came without one (a seed-mode answer; it is
 * parsed out of `update_url` or `ping_url`). A live
 * check already has it, so the common case costs one property read. When no
 * UUID can be found the response is invalid — unless validation is off, in
 * which case the body is returned as it came.
 */
function addUuid(check: unknown, response: RawResponse, context: ReadContext, path: Array<string | number>): void {
  if (typeof check !== "object" || check === null || (check as { uuid?: unknown }).uuid !== undefined) return;
  let uuid: string | undefined;
  try {
    uuid = checkUuid(check as WireSimpleCheck);
  } catch {
    uuid = undefined;
  }
  if (uuid !== undefined) {
    (check as { uuid: string }).uuid = uuid;
    return;
  }
  if (!context.validate) return;
  const at = [...path, "update_url"];
  throw invalidResponse(response, context, `invalid response at ${formatPath(at)}: has no check UUID, nor has ping_url`, at);
}

/** Reads one read-write check and makes sure it has its `uuid`. */
export function readCheck(response: RawResponse, context: ReadContext): Check {
  const check = readJson(response, "Check", context);
  addUuid(check, response, context, []);
  return check as Check;
}

/** Reads the list-checks answer for a read-write key, every check with its `uuid`. */
export function readCheckList(response: RawResponse, context: ReadContext): Check[] {
  const { checks } = readJson(response, "CheckList", context);
  // Without validation `checks` may be anything; it is then passed on untouched.
  if (Array.isArray(checks)) for (let i = 0; i < checks.length; i++) addUuid(checks[i], response, context, ["checks", i]);
  return checks as Check[];
}
