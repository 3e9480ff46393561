/**
 * A delivery's HTTP request framed as the service's client (libcurl) frames
 * it, header by header, so that the outbox can record what goes on the
 * wire and the fake's own client can send exactly that:
 *
 * - `Host` first (a given `Host` header takes its place while the request
 *   stays on the first host), then `Authorization: Basic …` from the
 *   credentials given or the URL's user part (unless an `Authorization`
 *   header is given, and only on the first host), then `Accept: *\/*`
 *   unless an `Accept` header of any spelling is given;
 * - the given headers in their order, names and values exactly as given,
 *   written `Name:value`; one whose value is empty or only whitespace is
 *   not sent, and after a redirect to another host `Authorization` and
 *   `Cookie` are not sent either;
 * - `Content-Length` when there is a body, unless a `Content-Length`
 *   header is given or a given `Transfer-Encoding: chunked` makes the body
 *   go out in chunks, and for a form `Content-Type:
 *   application/x-www-form-urlencoded` unless one is given. An empty body
 *   is no body, except in a `PUT`, which still announces it:
 *   `Content-Length: 0` (as the service's client frames them both).
 *
 * Unlike libcurl, a header whose name or value holds a line break, a NUL
 * or a character beyond Latin-1 is refused rather than written: it would
 * split the request.
 * @module
 */
import type { HttpAlert } from "../model/notify/view.js";
import { concatBytes, latin1Bytes, toBase64, utf8Bytes } from "../text/bytes.js";
import { credentials, hostHeader, parseCurlUrl, requestTarget, sameOrigin, type CurlUrl } from "../text/curl-url.js";
import { DeliveryError, type WireHeader, type WireRequest } from "./transport.js";

/** What a header's name or value cannot hold: a line break or a NUL would split the request, and a character beyond Latin-1 has no byte. */
const UNSENDABLE = /[\r\n\0]|[^\x00-\xff]/;
/** What libcurl counts as whitespace when it decides that a given header is empty. */
const BLANK = /^[ \t\n\v\f\r]*$/;

/**
 * Frames the request an alert asks for (`given`: its method, headers,
 * body, credentials and form flag) for `url`. `first` is the URL of the attempt's first
 * request (a redirect to another host sends neither the given `Host` nor
 * credentials); `bodyless` is set after a `303` (no body, no length).
 * Throws a {@link DeliveryError} for a header that cannot be written.
 */
export function frameRequest(given: Pick<HttpAlert, "method" | "headers" | "body" | "auth" | "form">, url: CurlUrl, first: CurlUrl, bodyless = false): WireRequest {
  const onFirstHost = url === first || sameOrigin(url, first);
  const named = (name: string) => given.headers.find(([n]) => n.toLowerCase() === name);
  for (const [name, value] of given.headers) {
    // A blank value is not written at all, whatever whitespace it holds.
    if (UNSENDABLE.test(name) || (!BLANK.test(value) && UNSENDABLE.test(value))) {
      throw new DeliveryError(`Not sent: the header ${JSON.stringify(name)} holds a line break, a NUL or a character beyond Latin-1`);
    }
  }
  const headers: WireHeader[] = [];
  const host = named("host");
  if (host !== undefined && onFirstHost) {
    // libcurl sends no Host at all for a given `Host:` spelt exactly so and left empty.
    if (`${host[0]}:${host[1]}` !== "Host:") headers.push({ name: "Host", value: host[1], given: true });
  } else {
    headers.push({ name: "Host", value: hostHeader(url), given: false });
  }
  const login = given.auth === undefined ? credentials(url) : utf8Bytes(`${given.auth[0]}:${given.auth[1]}`);
  if (login !== null && onFirstHost && named("authorization") === undefined) {
    headers.push({ name: "Authorization", value: `Basic ${toBase64(login)}`, given: false });
  }
  if (named("accept") === undefined) headers.push({ name: "Accept", value: "*/*", given: false });
  for (const [name, value] of given.headers) {
    const lower = name.toLowerCase();
    if (BLANK.test(value) || lower === "host") continue;
    if (!onFirstHost && (lower === "authorization" || lower === "cookie")) continue;
    headers.push({ name, value, given: true });
  }
  const empty = given.body !== null && given.body.byteLength === 0 && given.method !== "PUT";
  const body = bodyless || empty ? null : given.body;
  const encoding = named("transfer-encoding");
  const chunked = body !== null && encoding !== undefined && /(^|[\s,])chunked($|[\s,;])/i.test(encoding[1]);
  if (body !== null && !chunked && named("content-length") === undefined) {
    headers.push({ name: "Content-Length", value: String(body.byteLength), given: false });
  }
  if (body !== null && given.form === true && named("content-type") === undefined) {
    headers.push({ name: "Content-Type", value: "application/x-www-form-urlencoded", given: false });
  }
  return { method: given.method, url, headers, body, chunked };
}

/** The request's head as bytes: request line, header lines, blank line. */
export function headBytes(request: WireRequest): Uint8Array {
  const lines = request.headers.map(({ name, value, given }) => `${name}:${given ? "" : " "}${value}\r\n`).join("");
  return concatBytes([latin1Bytes(`${request.method} `), requestTarget(request.url), latin1Bytes(` HTTP/1.1\r\n${lines}\r\n`)]);
}

/** The body as it goes out: as is, or in one chunk and the last chunk. */
export function bodyBytes(request: WireRequest): Uint8Array | null {
  const bytes = request.body;
  if (bytes === null || !request.chunked) return bytes;
  if (bytes.byteLength === 0) return latin1Bytes("0\r\n\r\n");
  return concatBytes([latin1Bytes(`${bytes.byteLength.toString(16)}\r\n`), bytes, latin1Bytes("\r\n0\r\n\r\n")]);
}

/**
 * The first request of an alert as it would go out, for record-only
 * mode. Throws what sending would fail with: a `CurlUrlError` for a URL
 * the client refuses, a {@link DeliveryError} for an unsendable header.
 */
export function firstRequest(alert: HttpAlert): WireRequest {
  const url = parseCurlUrl(alert.url);
  return frameRequest(alert, url, url);
}
