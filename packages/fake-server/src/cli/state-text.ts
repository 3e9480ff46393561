/**
 * A state document as JSON text in pieces: each ping of each check is a
 * piece of its own, so that no single string holds the whole document
 * (JavaScript cannot hold one past {@link STATE_FILE_MAX_BYTES}, and a
 * state holds ping bodies of many checks).
 * @module
 */
import type { FakeState } from "../fake-server.js";

/**
 * The largest state file the CLI writes and reads, in bytes (512 MiB less
 * 24 bytes): the longest text JavaScript holds, which reading the file
 * takes. A state larger than this is not saved; the previous file stays.
 */
export const STATE_FILE_MAX_BYTES = 0x1fff_ffe8;

/** A piece of the document's text; `clock` marks the clock's value, which a real clock changes without changing the state. */
export interface StatePiece {
  text: string;
  clock?: true;
}

/** The document's text, piece by piece, as `JSON.stringify` would write it on one line, then a newline. */
export function* statePieces(state: FakeState): Generator<StatePiece> {
  yield* objectPieces(state as unknown as Record<string, unknown>, (key, value) => {
    if (key === "clock") return [{ text: JSON.stringify(value), clock: true }];
    return key === "checks" ? arrayPieces(value as Array<Record<string, unknown>>, checkPieces) : undefined;
  });
  yield { text: "\n" };
}

// A check with each ping as a piece of its own: its log is what grows.
function checkPieces(check: Record<string, unknown>): Iterable<StatePiece> {
  return objectPieces(check, (key, value) => (key === "pings" ? arrayPieces(value as unknown[], (ping) => [{ text: JSON.stringify(ping) }]) : undefined));
}

// An object's members in order, each value whole unless `split` gives its pieces; members `undefined` are left out, as JSON.stringify does.
function* objectPieces(object: Record<string, unknown>, split: (key: string, value: unknown) => Iterable<StatePiece> | undefined): Generator<StatePiece> {
  let separator = "{";
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined) continue;
    yield { text: `${separator}${JSON.stringify(key)}:` };
    separator = ",";
    yield* split(key, value) ?? [{ text: JSON.stringify(value) }];
  }
  yield { text: separator === "{" ? "{}" : "}" };
}

function* arrayPieces<T>(items: T[], pieces: (item: T) => Iterable<StatePiece>): Generator<StatePiece> {
  let separator = "[";
  for (const item of items) {
    yield { text: separator };
    separator = ",";
    yield* pieces(item);
  }
  yield { text: separator === "[" ? "[]" : "]" };
}
