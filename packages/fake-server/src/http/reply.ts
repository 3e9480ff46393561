/**
 * The fake's internal answer: status, a flat header list and the body,
 * without WHATWG objects. The node:http adapter writes it to the socket as
 * it is; `handle()` turns it into a `Response` only at the edge.
 * @module
 */
import { utf8Length } from "../text/bytes.js";

/**
 * Header lines as `[name, value, name, value, …]`, names in lowercase and
 * sorted, as a `Headers` object iterates them (so every adapter writes the
 * lines in the order the `Response`-based path always did).
 */
export type HeaderList = readonly string[];

/** An answer of the fake. */
export interface Reply {
  /** HTTP status. */
  readonly status: number;
  /** Header lines; see {@link HeaderList}. */
  readonly headers: HeaderList;
  /** The body; `null` for none (as opposed to an empty one). */
  readonly body: string | Uint8Array | null;
}

/** The answer to an injected `drop` fault: close the connection without answering. */
export const DROP_CONNECTION: unique symbol = Symbol("drop connection");

/** What the fake does with a request: answer it, or hang up. */
export type Outcome = Reply | typeof DROP_CONNECTION;

/** Headers of an answer as written in the code, names in any case. */
export type HeaderMap = Record<string, string>;

// Lists that never change get one `Headers` each, so that building a
// `Response` from them copies a ready header list instead of parsing names.
// Each is made with the first `Response` (`null` until then): building one
// while the fake loads would load Node's fetch implementation, which an
// adapter that never makes a `Response` does not need.
const sharedHeaders = new WeakMap<HeaderList, Headers | null>();

/**
 * The header list of `map`, whose names must differ case-insensitively (as
 * every map the fake writes itself does). Faster than a `Headers` round
 * trip; headers a user supplied go through a `Headers` instead.
 */
export function headerList(map: HeaderMap): string[] {
  const entries: [string, string][] = [];
  for (const name of Object.keys(map)) entries.push([name.toLowerCase(), map[name] as string]);
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const list: string[] = [];
  for (const [name, value] of entries) list.push(name, value);
  return list;
}

/**
 * A header list that is built once and reused by many answers; it must not
 * change afterwards.
 */
export function fixedHeaderList(map: HeaderMap): HeaderList {
  const list = Object.freeze(headerList(map));
  sharedHeaders.set(list, null);
  return list;
}

/** The value of header `name` (lowercase) in `list`, or `undefined`. */
function listValue(list: HeaderList, name: string): string | undefined {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
  return undefined;
}

function toHeaders(list: HeaderList): Headers {
  const headers = new Headers();
  for (let i = 0; i < list.length; i += 2) headers.append(list[i] as string, list[i + 1] as string);
  return headers;
}

/**
 * The `Response` of an outcome (`Response.error()` for a dropped
 * connection): a plain `Response`, so that a runtime's own server (Deno,
 * Bun) can serve it. It copies a byte body, which the fake may share.
 */
export function toResponse(outcome: Outcome): Response {
  if (outcome === DROP_CONNECTION) return Response.error();
  const shared = sharedHeaders.get(outcome.headers);
  const headers = shared ?? toHeaders(outcome.headers);
  if (shared === null) sharedHeaders.set(outcome.headers, headers);
  return new Response(outcome.body as string | Uint8Array<ArrayBuffer> | null, { status: outcome.status, headers });
}

/** Whether answers with `status` never carry a body, so that no `Content-Length` is added (101, 103, 204, 304). */
export function hasNoBody(status: number): boolean {
  return status === 204 || status === 304 || status === 101 || status === 103;
}

/** Byte length of a body. */
export function bodyLength(body: string | Uint8Array | null): number {
  if (body === null) return 0;
  return typeof body === "string" ? utf8Length(body) : body.byteLength;
}

// The last wire list of each fixed list: answers of one kind tend to have one length.
const lastWithLength = new WeakMap<HeaderList, { length: number; list: HeaderList }>();

/**
 * The header lines an adapter writes for `reply`: its own, plus
 * `content-length` unless it has one or its status never has a body.
 */
export function wireHeaders(reply: Reply): HeaderList {
  const headers = reply.headers;
  if (hasNoBody(reply.status)) return headers;
  const length = bodyLength(reply.body);
  const last = lastWithLength.get(headers);
  if (last?.length === length) return last.list;
  if (listValue(headers, "content-length") !== undefined) return headers;
  const list = [...headers, "content-length", String(length)];
  if (sharedHeaders.has(headers)) lastWithLength.set(headers, { length, list });
  return list;
}
