/**
 * How the node:http adapter tells the fake which socket peer sent a request.
 *
 * A WHATWG `Request` has no notion of a client address, so for handlers that
 * take `Request`s the adapter puts the TCP peer address in a request header
 * that it controls (any value the client sent under that name is dropped
 * first). The fake reads it to fill a ping's `remote_addr` when
 * `X-Forwarded-For` is absent; a `FakeServer` served directly gets the
 * address itself instead.
 * @module
 */

/** Name of the request header carrying the socket peer address (set only by the node:http adapter). */
export const PEER_ADDRESS_HEADER = "x-checks-fake-peer";

const IPV4_MAPPED = "::ffff:";

/**
 * The socket peer address the node:http adapter attached to `request`, or
 * `undefined` for requests that did not come through a socket (msw, undici
 * dispatcher, direct `handle()` calls).
 */
export function peerAddress(request: Request): string | undefined {
  return request.headers.get(PEER_ADDRESS_HEADER) ?? undefined;
}

/**
 * The address as the live service records it: IPv4 peers reached over a
 * dual-stack socket appear as `::ffff:1.2.3.4` in Node and as `1.2.3.4` there.
 */
export function normalizePeerAddress(address: string): string {
  return address.startsWith(IPV4_MAPPED) && address.includes(".") ? address.slice(IPV4_MAPPED.length) : address;
}
