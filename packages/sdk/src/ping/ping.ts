/**
 * The ping API: success, start, fail, log and exit-status signals for a check
 * UUID or a project ping key plus slug. No API key is involved.
 * @module
 */
import { DEFAULT_PING_BODY_LIMIT } from "@checks-api/schema/lite";
import { guard, mapData, type ApiPromise } from "../core/api-promise.js";
import type { RequestOptions, ResolvedConfig } from "../core/options.js";
import { isPingBody, parseBodyLimit, prepareBody } from "./ping-body.js";
import { checkUuidParam, exitStatusParam, pingSegmentParam, rejectInput, runIdParam, type InputContext } from "../core/paths.js";
import { isToken } from "../core/headers.js";
import { execute } from "../core/request.js";
import { isRecorded, pingOutcome, type PingOutcome } from "../core/ping-answer.js";
import { bodyText, headerOf } from "../core/response.js";

/**
 * A check addressed by slug within a project: `{ping_endpoint}{pingKey}/{slug}`.
 * @category Ping API
 */
export interface SlugTarget {
  /** The project's ping key. */
  pingKey: string;
  /** The check's slug (lowercase letters, digits, `-`, `_`). */
  slug: string;
  /** Create the check when no check has this slug (`?create=1`). */
  create?: boolean;
}

/**
 * What a ping addresses: a check UUID, or a ping key plus slug.
 * @category Ping API
 */
export type PingTarget = string | SlugTarget;

/**
 * Options of one ping.
 * @category Ping API
 */
export interface PingOptions extends RequestOptions {
  /**
   * Body logged with the ping (output of a job, an error text). Trimmed to
   * its tail when over the service's body limit: the announced one, or
   * {@link DEFAULT_PING_BODY_LIMIT} until the service has announced one.
   * Bytes may be any typed array (a `Uint8Array`, a `Buffer`) or a `DataView`.
   */
  body?: string | ArrayBufferView;
  /** Run id (a UUID) tying start and finish signals of one run together. */
  rid?: string;
  /**
   * HTTP method. Default `POST` (a check with `methods: "POST"` ignores
   * other methods). `CONNECT`, `TRACE` and `TRACK` are refused, as HTTP clients refuse them.
   */
  method?: string;
}

/**
 * The answer to a ping. Not-found and ambiguous are results, not exceptions.
 * @category Ping API
 */
export interface PingResult {
  /**
   * `recorded` (200), `created` by auto-provisioning (201), `not-found`
   * (404), `ambiguous` slug (409); or, for a 200 whose text qualifies its
   * OK as the hosted service does, `not-found` (`OK (not found)`),
   * `rate-limited` (`OK (rate limited)`) or `ignored` (another reason).
   */
  outcome: PingOutcome;
  /** True when the ping was recorded (`recorded` or `created`). */
  ok: boolean;
  /** HTTP status. */
  status: number;
  /** True when the body was cut to fit the body limit. */
  bodyTrimmed: boolean;
}

/** A ping's result with the text of an answer that did not record it, which `monitor()` puts on its error. */
export interface PingAnswer {
  /** The result. */
  result: PingResult;
  /** The answer's text, masked; empty when the ping was recorded. */
  text: string;
}

const TEMPLATE: InputContext = { method: "POST", path: "/ping/{target}" };

// Only CORS-safelisted content types: ping endpoints have no preflight
// handling, so a browser's OPTIONS request would be logged as a ping.
function contentTypeOf(body: string | ArrayBufferView | undefined): string | undefined {
  return typeof body === "string" ? "text/plain; charset=utf-8" : undefined;
}

// Methods fetch refuses to send (undici too for CONNECT): an argument error, not a connection failure to retry.
const REFUSED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** A signal a ping sends: a suffix of the ping URL. */
type Signal = "" | "start" | "fail" | "log" | `${number}`;

/**
 * Sends pings for one client and remembers the body limit the service
 * announced (`Ping-Body-Limit`), so later bodies are trimmed to fit.
 */
export class PingSender {
  readonly #config: ResolvedConfig;
  #bodyLimit: number | undefined;
  #answered = false;

  /** @param config resolved client configuration */
  constructor(config: ResolvedConfig) {
    this.#config = config;
  }

  /**
   * The body limit the service announced in its last readable ping answer,
   * in bytes; `undefined` until known or when unlimited.
   */
  get bodyLimit(): number | undefined {
    return this.#bodyLimit;
  }

  /**
   * The limit bodies are trimmed to: the announced one, or the documented
   * default until a recorded ping's answer announced one (the service keeps
   * the head of a longer body, and the tail is what matters); `undefined`
   * when the service recorded one without a `Ping-Body-Limit` header. A
   * header that is not a plain decimal integer announces nothing.
   */
  get sendLimit(): number | undefined {
    return this.#answered ? this.#bodyLimit : DEFAULT_PING_BODY_LIMIT;
  }

  /** Sends one signal. */
  send(target: PingTarget, signal: Signal, options: PingOptions = {}): ApiPromise<PingResult> {
    return mapData(this.answer(target, signal, options), (answer) => answer.result);
  }

  /** Sends one signal, keeping the service's answer text. */
  answer(target: PingTarget, signal: Signal, options: PingOptions = {}): ApiPromise<PingAnswer> {
    return guard(() => {
      const context = { ...TEMPLATE, method: options.method ?? "POST" };
      const { segments, secrets, query } = this.#address(target, context);
      if (options.rid !== undefined) query.set("rid", runIdParam(options.rid, context));
      if (signal !== "") segments.push(signal);
      if (!isToken(context.method)) throw rejectInput({ ...context, method: "POST" }, "method is not a valid HTTP method");
      const method = context.method.toUpperCase();
      if (REFUSED_METHODS.has(method)) throw rejectInput({ ...context, method }, `a ping cannot use the method ${method}`);
      if (options.body !== undefined && (method === "GET" || method === "HEAD")) {
        throw rejectInput(context, `a ${method} ping cannot carry a body`);
      }
      if (options.body !== undefined && !isPingBody(options.body)) {
        throw rejectInput(context, "body must be text or bytes (a string, a typed array or a DataView)");
      }
      const prepared = options.body === undefined ? undefined : prepareBody(options.body, this.sendLimit);
      return execute(
        this.#config,
        {
          name: "ping",
          method,
          url: this.#config.pingEndpoint + segments.map(encodeURIComponent).join("/"),
          query,
          body: prepared?.bytes,
          contentType: contentTypeOf(options.body),
          // A repeated signal only adds a log entry; a lost one raises a false alarm.
          safety: "idempotent",
          mutates: true,
          secrets,
          resultStatuses: [404, 409],
          read: (response, readContext) => {
            const text = bodyText(response);
            const outcome = pingOutcome(response.status, text);
            const ok = isRecorded(outcome);
            // Only an answer that recorded the ping is sure to carry the limit.
            const announced = ok ? parseBodyLimit(headerOf(response, "ping-body-limit")) : undefined;
            if (announced !== undefined) {
              this.#bodyLimit = announced === "unlimited" ? undefined : announced;
              this.#answered = true;
            }
            const bodyTrimmed = prepared?.trimmed ?? false;
            return { result: { outcome, ok, status: response.status, bodyTrimmed }, text: ok ? "" : readContext.redactor.text(text.trim()) };
          },
        },
        options,
      );
    });
  }

  #address(target: PingTarget, context: InputContext) {
    const query = new URLSearchParams();
    // A target read from an unset environment variable arrives as undefined
    // (or ""): say what is missing rather than "invalid url format".
    if (target === undefined || target === null || target === "") {
      throw rejectInput(context, `the check to ping is missing (${describeMissing(target)}): pass its UUID, or { pingKey, slug } — is an environment variable unset?`);
    }
    if (typeof target === "object") {
      for (const member of ["pingKey", "slug"] as const) {
        const value = (target as Partial<SlugTarget>)[member];
        if (value === undefined || value === null || value === "") {
          throw rejectInput(context, `the ${member === "pingKey" ? "ping key" : "slug"} of the check to ping is missing (${describeMissing(value)}) — is an environment variable unset?`);
        }
      }
    }
    if (typeof target === "string") {
      const uuid = checkUuidParam(target, context);
      return { segments: [uuid], secrets: [uuid], query };
    }
    if (typeof target !== "object" || target === null) throw rejectInput(context, "invalid url format");
    const pingKey = pingSegmentParam(target.pingKey, context, false);
    const slug = pingSegmentParam(target.slug, context, true);
    if (target.create) query.set("create", "1");
    return { segments: [pingKey, slug], secrets: [pingKey], query };
  }
}

/** How a missing value reads in a message: `undefined`, `null` or `an empty string`. */
function describeMissing(value: unknown): string {
  return value === "" ? "an empty string" : String(value);
}

/**
 * The signals of one check: `client.ping(uuid).success()`.
 * @category Ping API
 */
export class PingHandle {
  readonly #sender: PingSender;
  readonly #target: PingTarget;

  /**
   * @param sender the client's ping sender
   * @param target the check to ping
   */
  constructor(sender: PingSender, target: PingTarget) {
    this.#sender = sender;
    this.#target = target;
  }

  /** Success signal: the job completed. */
  success(options?: PingOptions): ApiPromise<PingResult> {
    return this.#sender.send(this.#target, "", options);
  }

  /** Start signal: the job started (the run's duration is measured from here). */
  start(options?: PingOptions): ApiPromise<PingResult> {
    return this.#sender.send(this.#target, "start", options);
  }

  /** Failure signal. */
  fail(options?: PingOptions): ApiPromise<PingResult> {
    return this.#sender.send(this.#target, "fail", options);
  }

  /** Log entry without a status change. */
  log(options?: PingOptions): ApiPromise<PingResult> {
    return this.#sender.send(this.#target, "log", options);
  }

  /**
   * Exit status of a job: 0 is success, 1–255 failure. Any other value is
   * rejected before sending with a `BadRequestError` that says the range.
   */
  exitStatus(code: number, options?: PingOptions): ApiPromise<PingResult> {
    return guard(() => {
      const status = exitStatusParam(code, { ...TEMPLATE, method: options?.method ?? "POST" });
      return this.#sender.send(this.#target, `${status}`, options);
    });
  }
}
