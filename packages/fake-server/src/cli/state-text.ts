/**
 * A state document as JSON text in pieces: each ping of each check is a
 * piece of its own, so that no single string holds the whole document
 * (JavaScript cannot hold one past {@link STATE_FILE_MAX_BYTES}, and a
 * state holds the ping bodies of every check), and each piece is made by
 * one `JSON.stringify` call, which is fast.
 * @module
 */
import type { FakeState } from "../fake-server.js";
import { LONGEST_STRING_CHARS } from "../text/longest-string.js";

/**
 * The largest state file the CLI writes and reads, in bytes (512 MiB less
 * 24 bytes): the longest text JavaScript holds, which reading the file
 * takes (the same limit as a control answer's). A state larger than this is
 * not saved; the previous file stays.
 */
export const STATE_FILE_MAX_BYTES = LONGEST_STRING_CHARS;

/** A piece of the document's text; `clock` marks the clock's value, which a real clock changes without changing the state. */
export interface StatePiece {
  /** The piece's JSON text. */
  text: string;
  /** Set on the clock's value alone. */
  clock?: true;
}

/**
 * The document's text, piece by piece: the members of `JSON.stringify`'s
 * text, on one line then a newline, with the clock after the other small
 * members and each check's pings after its other members (a reader takes
 * members in any order).
 */
export function* statePieces(state: FakeState): Generator<StatePiece> {
  const { clock, checks, bodies, ...rest } = state;
  yield { text: `${withoutEnd(JSON.stringify(rest))},"clock":` };
  yield { text: JSON.stringify(clock), clock: true };
  // Each shared body may be as large as an email ping (32 MiB), and there may be many: one piece each.
  if (bodies !== undefined) {
    yield { text: ',"bodies":[' };
    for (let n = 0; n < bodies.length; n++) yield { text: `${n === 0 ? "" : ","}${JSON.stringify(bodies[n])}` };
    yield { text: "]" };
  }
  yield { text: ',"checks":[' };
  for (let i = 0; i < checks.length; i++) {
    const { pings, ...check } = checks[i] as (typeof checks)[number];
    yield { text: `${i === 0 ? "" : ","}${withoutEnd(JSON.stringify(check))},"pings":[` };
    for (let n = 0; n < pings.length; n++) yield { text: `${n === 0 ? "" : ","}${JSON.stringify(pings[n])}` };
    yield { text: "]}" };
  }
  yield { text: "]}\n" };
}

// An object's JSON text without its closing brace, for more members to follow (the object has members: a check's UUID, a state's version).
const withoutEnd = (text: string): string => text.slice(0, -1);
