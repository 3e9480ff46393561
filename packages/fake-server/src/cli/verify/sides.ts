/**
 * The two sides a verify run talks to: the service over the network
 * (through the SDK's transport, waiting out 429 answers) and the fake in
 * the same process (through its `handle`). Each fills in a step's request
 * with its own identifiers and keys.
 * @module
 */
import { parseRetryAfter, undiciTransport, type Transport } from "@checks-api/sdk";
import type { FakeServer } from "../../fake-server.js";
import { fill, fillJson, type KeyUse, type RememberedCheck, type RunNames, type SideValues, type StepRequest } from "./step.js";

/** An answer as the comparison sees it. */
export interface Answer {
  /** HTTP status. */
  status: number;
  /** `Content-Type`, `""` when absent. */
  contentType: string;
  /** The body bytes. */
  body: Uint8Array;
}

/** A request ready to send. */
export interface Outgoing {
  /** HTTP method. */
  method: string;
  /** Absolute URL. */
  url: string;
  /** Request headers. */
  headers: Record<string, string>;
  /** Body, if any. */
  body?: string | Uint8Array;
}

/** Sends one request and reads its answer. */
export type Send = (request: Outgoing, signal: AbortSignal) => Promise<Answer>;

/** The keys of one side. */
export interface SideKeys {
  /** Read-write API key. */
  readWrite: string;
  /** Read-only API key, when known. */
  readOnly: string | undefined;
  /** Ping key of the slug URLs, when known. */
  ping: string | undefined;
}

/** Longest answer read from the service, in bytes: the scenario's largest is a few kilobytes. */
export const MAX_ANSWER_BYTES = 1 << 20;
/** How long one request to the service may take by default, in milliseconds (`--timeout` changes it). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** User agent of every request (pings record it, so both sides must see the same). */
export const USER_AGENT = "checks-fake-server-verify";

/** A key of the right length that no project has, and one too short to be a key. */
const UNKNOWN_KEY = "verify0unknown0key00000000000000";
const MALFORMED_KEY = "verify";

/** One side of the comparison: where requests go and what fills them in. */
export class Side implements SideValues {
  /** `service` or `fake`. */
  readonly label: "service" | "fake";
  /** The site root requests go to, without the final `/`. */
  readonly site: string;
  /** The endpoint ping paths are appended to, ending with `/`. */
  readonly pingEndpoint: string;
  /** The side's keys. */
  readonly keys: SideKeys;
  /** The checks the run created here, by name. */
  readonly checks = new Map<string, RememberedCheck>();
  /** Site root and ping endpoint as the side's answers write them (learnt from the first check created). */
  readonly shownRoots = { site: "", pingEndpoint: "" };
  readonly #send: Send;

  /**
   * @param label Which side this is.
   * @param site Site root.
   * @param pingEndpoint Ping endpoint, ending with `/`.
   * @param keys The side's keys.
   * @param send How requests reach it.
   */
  constructor(label: "service" | "fake", site: string, pingEndpoint: string, keys: SideKeys, send: Send) {
    this.label = label;
    this.site = site;
    this.pingEndpoint = pingEndpoint;
    this.keys = keys;
    this.#send = send;
    this.shownRoots.site = site;
    this.shownRoots.pingEndpoint = pingEndpoint;
  }

  /** The side's ping key, for `{ping-key}`. */
  get pingKey(): string | undefined {
    return this.keys.ping;
  }

  /** Fills in `request` and sends it. */
  send(request: StepRequest, names: RunNames, signal: AbortSignal): Promise<Answer> {
    return this.#send(this.prepare(request, names), signal);
  }

  /** `request` filled in with this side's values. */
  prepare(request: StepRequest, names: RunNames): Outgoing {
    const base = request.endpoint === "ping" ? this.pingEndpoint : this.site;
    const headers: Record<string, string> = { "User-Agent": USER_AGENT };
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name] = fill(value, names, this);
    const key = this.#key(request.key);
    if (key !== undefined) headers["X-Api-Key"] = key;
    const outgoing: Outgoing = { method: request.method, url: `${base}${fill(request.path, names, this)}`, headers };
    if (request.json !== undefined) {
      outgoing.body = JSON.stringify(fillJson(request.json, names, this));
      headers["Content-Type"] ??= "application/json";
    } else if (request.text !== undefined) {
      outgoing.body = fill(request.text, names, this);
      headers["Content-Type"] ??= "text/plain";
    } else if (request.bytes !== undefined) {
      outgoing.body = Uint8Array.from(request.bytes);
      headers["Content-Type"] ??= "application/octet-stream";
    }
    return outgoing;
  }

  #key(use: KeyUse | undefined): string | undefined {
    switch (use) {
      case "read-write":
        return this.keys.readWrite;
      case "read-only":
        return this.keys.readOnly;
      case "unknown":
        return UNKNOWN_KEY;
      case "malformed":
        return MALFORMED_KEY;
      default:
        return undefined;
    }
  }
}

/** How the service side waits out rate limiting. */
export interface RateLimitPolicy {
  /** Longest single wait the service may ask for before the run gives up, in milliseconds. */
  maxWaitMs: number;
  /** 429 answers waited out per request before the run gives up. */
  maxWaits: number;
  /** Wait when a 429 carries no readable `Retry-After`, in milliseconds. */
  defaultWaitMs: number;
  /** Waits `ms` (rejects when `signal` aborts). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Told before each wait. */
  onWait: (ms: number) => void;
}

/** The service answered 429 for longer than the run is willing to wait. */
export class RateLimitedError extends Error {
  /** Creates the error saying how long the service asked to wait. */
  constructor(waitMs: number | undefined) {
    super(`the service keeps answering 429 Too Many Requests${waitMs === undefined ? "" : ` (Retry-After: ${Math.ceil(waitMs / 1000)} s)`}`);
    this.name = "RateLimitedError";
  }
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal.removeEventListener("abort", stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

/** The service took longer than the run allows for one request. */
class RequestTimeoutError extends Error {
  /** Creates the error saying how long the request was given. */
  constructor(timeoutMs: number) {
    super(`no complete answer within ${timeoutMs / 1000} s`);
    this.name = "RequestTimeoutError";
  }
}

/**
 * A signal that aborts when `signal` does or after `ms`, and the means to
 * stop its timer. A plain timer, not `AbortSignal.timeout`: inside
 * `AbortSignal.any`, Node 20 may collect that signal before it fires, and a
 * service dripping bytes would then hold the run for as long as it likes.
 * The timer keeps the controller alive until it fires or is cleared.
 */
function timeLimit(signal: AbortSignal, ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener("abort", stop, { once: true });
  const timer = setTimeout(() => controller.abort(new RequestTimeoutError(ms)), ms);
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", stop);
    },
  };
}

/**
 * Sends to the service through `transport` (default: the SDK's undici
 * transport); a 429 is waited out as its `Retry-After` asks and the request
 * sent again (the service did not act on it), within `policy`. Each
 * request, its answer's body included, gets `timeoutMs`.
 */
export function serviceSend(policy: RateLimitPolicy, transport: Transport = undiciTransport(), timeoutMs = REQUEST_TIMEOUT_MS): Send {
  return async (request, signal) => {
    for (let waits = 0; ; waits++) {
      const limit = timeLimit(signal, timeoutMs);
      let response: Awaited<ReturnType<Transport>>;
      try {
        response = await transport({ ...request, maxResponseBytes: MAX_ANSWER_BYTES, signal: limit.signal });
      } finally {
        limit.clear();
      }
      if (response.status !== 429) return { status: response.status, contentType: response.headers.get("content-type") ?? "", body: response.body };
      const asked = parseRetryAfter(response.headers.get("retry-after"));
      if (waits >= policy.maxWaits || (asked !== undefined && asked > policy.maxWaitMs)) throw new RateLimitedError(asked);
      const wait = asked ?? policy.defaultWaitMs;
      policy.onWait(wait);
      await policy.sleep(wait, signal);
    }
  };
}

/** Sends to an in-process fake through its `handle`. */
export function fakeSend(fake: Pick<FakeServer, "handle">): Send {
  return async (request) => {
    const init: RequestInit = { method: request.method, headers: request.headers };
    if (request.body !== undefined) init.body = request.body as BodyInit;
    const response = await fake.handle(new Request(request.url, init));
    // Over HTTP a HEAD answer never carries its body; `handle` leaves that to the adapters.
    const body = request.method === "HEAD" ? new Uint8Array() : new Uint8Array(await response.arrayBuffer());
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", body };
  };
}
