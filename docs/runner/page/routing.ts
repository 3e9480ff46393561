/**
 * Where the requests of an example run in the page go: to the in-page fake
 * whose site (or ping endpoint) they name, the fake made last when several
 * share one. Nothing else is reachable, as on a machine without network:
 * not the site that serves the page either (a reader's run must not touch
 * any server), and neither through `XMLHttpRequest`, `WebSocket`,
 * `EventSource` nor `sendBeacon`. `data:` and `blob:` URLs, which hold
 * their bytes, still load. One instance per page: the runner and the
 * in-page modules share it.
 * @module
 */

/** What routing needs of a fake server. */
export interface RoutedFake {
  /** The fake's site and ping endpoint. */
  readonly options: { readonly baseUrl: string; readonly pingEndpoint: string };
  /** Answers one request as the service would. */
  handle(request: Request): Promise<Response>;
}

const fakes: RoutedFake[] = [];
const pageFetch = globalThis.fetch.bind(globalThis);

/** Requests to the fake's site and ping endpoint reach it from now on. */
export function addFake(fake: RoutedFake): void {
  fakes.push(fake);
}

/** The fake is reached no longer. */
export function removeFake(fake: RoutedFake): void {
  const at = fakes.lastIndexOf(fake);
  if (at >= 0) fakes.splice(at, 1);
}

/** Forgets every fake: each run starts with none. */
export function removeAllFakes(): void {
  fakes.length = 0;
}

const originOf = (url: string) => new URL(url).origin;

function fakeFor(url: string): RoutedFake | undefined {
  const origin = originOf(url);
  return fakes.findLast((fake) => originOf(fake.options.baseUrl) === origin || originOf(fake.options.pingEndpoint) === origin);
}

/** `fake.handle(request)`, given up when the request's signal aborts, as `fetch` gives up. */
function fetchFrom(fake: RoutedFake, request: Request): Promise<Response> {
  const { signal } = request;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    fake.handle(request).then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** The error a request to anything but an in-page fake fails with, as `fetch` fails offline. */
function outOfReach(url: string | URL): TypeError {
  const { origin, protocol } = new URL(url, globalThis.location?.href);
  return new TypeError(
    `fetch failed: ${origin === "null" ? protocol : origin} is out of reach; an example on this page reaches only the fake servers it runs in the page`,
  );
}

/** The page's `fetch` while the runner is loaded: the fakes, and URLs that hold their own bytes. */
export function routedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const fake = fakeFor(request.url);
  if (fake) return fetchFrom(fake, request);
  const { protocol } = new URL(request.url);
  if (protocol === "data:" || protocol === "blob:") return pageFetch(input, init);
  return Promise.reject(outOfReach(request.url));
}

/** The page's other ways to the network, failing as `fetch` does for anything but a fake. */
export function cutOtherRoutes(): void {
  const refuse = (name: string) =>
    function () {
      throw new DOMException(`${name} is out of reach: an example on this page reaches only the fake servers it runs in the page, with fetch`, "NetworkError");
    };
  for (const name of ["XMLHttpRequest", "WebSocket", "EventSource"]) {
    if (name in globalThis) Object.defineProperty(globalThis, name, { value: refuse(name), configurable: true, writable: true });
  }
  if (globalThis.navigator?.sendBeacon) globalThis.navigator.sendBeacon = () => false;
}
