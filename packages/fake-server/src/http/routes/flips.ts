/**
 * `GET checks/{uuid}/flips/` and `…/{unique_key}/flips/`
 * (`docs/reference.md#listing-flips`).
 * @module
 */
import { parseFlipsQuery } from "@checks-api/schema/lite";
import { representFlip } from "../represent.js";
import type { Reply } from "../reply.js";
import { apiFailure, jsonReply } from "../responses.js";
import type { FlipRecord, StoredCheck } from "../../model/store.js";
import type { CheckRequest } from "./checks.js";

// The seed's flips: "a change of status between down and up, or between up
// and down" — not a first ping (`new → up`), nor a change from or to paused or new.
function isUpDown(flip: FlipRecord): boolean {
  return (flip.from === "up" && flip.to === "down") || (flip.from === "down" && flip.to === "up");
}

/**
 * The check's flips, newest first, filtered by `seconds`, `start` (seed `>`,
 * live `>=`) and `end` (`<`). Seed mode lists only the changes between up
 * and down (`up → down`, `down → up`) as a bare array; live mode lists all
 * in `{"flips": [...]}` (`docs/reference.md#2-which-flips-are-listed`).
 */
export function listFlips(req: CheckRequest, check: StoredCheck): Reply {
  const compat = req.core.options.compat;
  const filter = parseFlipsQuery(req.ex.params);
  if (!filter) return apiFailure(compat, "badFlipsQuery", req.cors);
  const since = filter.seconds === undefined ? -Infinity : req.ex.now - filter.seconds * 1000;
  const start = filter.start === undefined ? -Infinity : filter.start * 1000;
  const end = filter.end === undefined ? Infinity : filter.end * 1000;
  const seed = compat === "seed";
  const flips: ReturnType<typeof representFlip>[] = [];
  for (let i = check.flips.length - 1; i >= 0; i--) {
    const flip = check.flips[i] as FlipRecord;
    if (seed && !isUpDown(flip)) continue;
    if (flip.at < since || flip.at >= end) continue;
    if (seed ? flip.at <= start : flip.at < start) continue;
    flips.push(representFlip(flip));
  }
  return jsonReply(200, seed ? flips : { flips }, req.cors);
}
