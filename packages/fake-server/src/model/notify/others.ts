/**
 * The paragraph several alerts end with when the project has other checks:
 * `All the other checks are up.`, or which of them are down too (up to
 * ten, sorted the way the service lists checks by name, each in the kind's
 * own markup), or only how many when there are more.
 * @module
 */
import { byNaturalName } from "./check-order.js";
import { naturalTime } from "./natural-time.js";
import type { AlertOtherCheck, AlertView } from "./view.js";

/** Beyond this many other down checks the message gives only their number. */
const LISTED_DOWN_MAX = 10;

/** How a kind writes one other check that is down. */
export type OtherCheckLine = (other: AlertOtherCheck, lastPing: string, page: string) => string;

/**
 * The lines of that paragraph, after an empty line; none when the check is
 * alone in its project. `line` gets the other check, when its last ping was
 * (`a minute ago`, `never`) and its public page.
 */
export function othersLines(view: AlertView, line: OtherCheckLine): string[] {
  if (view.others.length === 0) return [];
  const down = byNaturalName(view.others.filter((other) => other.status === "down"));
  if (down.length === 0) return ["", "All the other checks are up."];
  const still = view.flip.status === "down" ? "also" : "still";
  if (down.length > LISTED_DOWN_MAX) return ["", `${down.length} other checks are ${still} down.`];
  return [
    "",
    `The following checks are ${still} down:`,
    ...down.map((other) => line(other, other.lastPing === null ? "never" : naturalTime(other.lastPing, view.now), `${view.site.root}/cloaked/${other.uniqueKey}/`)),
  ];
}
