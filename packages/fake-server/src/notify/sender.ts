/**
 * The service's rules for one HTTP delivery: up to three attempts one after
 * another, a time limit per attempt, success only on 200, 201, 202 or 204,
 * and a permanent failure ending the attempts. The URL is read as the
 * service's client reads it (only `http` and `https`); redirects are
 * followed, at most three, for a request without a body; one with a body
 * fails on a redirect, except a `303`, which is followed as a `POST`
 * without the body. A form (sent the way the client sends forms) goes on
 * after a `301` or `302` too, without its body, and is sent again as it
 * was after any other redirect.
 * @module
 */
import type { HttpAlert } from "../model/notify/view.js";
import { startTimer, stopTimer, unrefTimer } from "../model/real-timers.js";
import { parseCurlUrl, resolveLocation, type CurlUrl } from "../text/curl-url.js";
import { DeliveryError, sendingError, TRANSPORT_ERRORS, type Transport, type TransportResponse, type WireRequest } from "../transport/transport.js";
import { frameRequest } from "../transport/wire-request.js";

/** Attempts per delivery, as the service makes them. */
export const DELIVERY_ATTEMPTS = 3;
/** Redirects followed per attempt. */
export const MAX_REDIRECTS = 3;
const SUCCESS = new Set([200, 201, 202, 204]);

/** How {@link sendHttpAlert} runs. */
export interface SendSettings {
  /** Makes one exchange. */
  transport: Transport;
  /** Time limit of one attempt, ms. */
  attemptTimeoutMs: number;
  /** Aborts everything at once (the fake's `close()`). */
  signal: AbortSignal;
  /** Whether an answer is a permanent failure for the channel's kind. */
  isPermanent(status: number, bodyText: string): boolean;
  /** Called with every request made and its status (`null`: no answer). */
  onRequest(request: WireRequest, status: number | null): void;
}

/** The outcome of one delivery. */
export interface SendOutcome {
  /** `""` on success, otherwise the error text. */
  error: string;
  /** Whether the failure disables the channel. */
  permanent: boolean;
}

/** Delivers an HTTP alert by the service's rules. */
export async function sendHttpAlert(alert: HttpAlert, settings: SendSettings): Promise<SendOutcome> {
  let outcome: SendOutcome = { error: "", permanent: false };
  for (let attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt++) {
    outcome = await attemptOnce(alert, settings);
    if (outcome.error === "" || outcome.permanent || settings.signal.aborted) break;
  }
  return outcome;
}

async function attemptOnce(alert: HttpAlert, settings: SendSettings): Promise<SendOutcome> {
  let url: CurlUrl;
  try {
    url = parseCurlUrl(alert.url);
  } catch (problem) {
    return failure(problem);
  }
  const first = url;
  let method = alert.method;
  let bodyless = false;
  for (let redirects = 0; ; redirects++) {
    let request: WireRequest;
    try {
      request = frameRequest({ ...alert, method }, url, first, bodyless);
    } catch (problem) {
      return failure(problem);
    }
    let response: TransportResponse;
    try {
      response = await exchange(request, settings);
    } catch (problem) {
      settings.onRequest(request, null);
      return failure(problem);
    }
    settings.onRequest(request, response.status);
    if (response.status >= 300 && response.status < 400 && response.location !== null) {
      if (redirects === MAX_REDIRECTS) return { error: TRANSPORT_ERRORS.redirects, permanent: false };
      try {
        url = resolveLocation(url, response.location);
      } catch (problem) {
        return failure(problem);
      }
      if (request.body !== null) {
        // A 303 (and for a form, a 301 or 302) goes on as a POST without the body; a form is sent again
        // after any other redirect, while an uploaded body cannot be read twice (zero bytes need no second reading).
        const dropsBody = response.status === 303 || (alert.form === true && (response.status === 301 || response.status === 302));
        if (dropsBody) {
          method = "POST";
          bodyless = true;
        } else if (alert.form !== true && request.body.byteLength > 0) {
          return { error: TRANSPORT_ERRORS.rewind, permanent: false };
        }
      }
      continue;
    }
    if (SUCCESS.has(response.status)) return { error: "", permanent: false };
    return { error: `Received status code ${response.status}`, permanent: settings.isPermanent(response.status, response.bodyText) };
  }
}

function failure(problem: unknown): SendOutcome {
  return { error: sendingError(problem) ?? TRANSPORT_ERRORS.empty, permanent: false };
}

// One exchange under the attempt's time limit and the fake's abort signal.
async function exchange(request: WireRequest, settings: SendSettings): Promise<TransportResponse> {
  if (settings.signal.aborted) throw new DeliveryError(TRANSPORT_ERRORS.closed);
  const limit = new AbortController();
  // A transport that ignores its signal (a test's fetch) is raced, so that neither a hanging receiver nor close() waits for it.
  let giveUp: () => void = () => undefined;
  const abandoned = new Promise<never>((_, reject) => {
    giveUp = () => reject(new DeliveryError(TRANSPORT_ERRORS.timeout));
  });
  const stop = (): void => {
    limit.abort();
    giveUp();
  };
  settings.signal.addEventListener("abort", stop, { once: true });
  // A pending delivery must not keep a process alive that is otherwise done.
  const timer = unrefTimer(startTimer(stop, settings.attemptTimeoutMs));
  try {
    return await Promise.race([settings.transport(request, limit.signal), abandoned]);
  } catch (problem) {
    if (settings.signal.aborted) throw new DeliveryError(TRANSPORT_ERRORS.closed);
    if (limit.signal.aborted) throw new DeliveryError(TRANSPORT_ERRORS.timeout);
    throw problem;
  } finally {
    stopTimer(timer);
    settings.signal.removeEventListener("abort", stop);
  }
}
