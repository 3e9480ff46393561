/**
 * Where the requests of an example run in the page go: to the in-page fake
 * whose site (or ping endpoint) they name, the fake made last when several
 * share one. Nothing else is reachable, as on a machine without network;
 * the page's own files still load. One instance per page: the runner and
 * the in-page modules share it.
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
export function fetchFrom(fake: RoutedFake, request: Request): Promise<Response> {
  const { signal } = request;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    fake.handle(request).then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** The page's `fetch` while the runner is loaded: fakes first, then the page's own files. */
export function routedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const fake = fakeFor(request.url);
  if (fake) return fetchFrom(fake, request);
  const url = new URL(request.url);
  if (url.origin === location.origin || url.protocol === "data:" || url.protocol === "blob:") return pageFetch(input, init);
  return Promise.reject(
    new TypeError(`fetch failed: ${url.origin} is out of reach; an example on this page reaches only the fake servers it runs in the page`),
  );
}
