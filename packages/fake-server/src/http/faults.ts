/**
 * Fault injection: per operation (or `*`), for the next N requests or
 * always — a slow answer, a given answer, or a connection dropped before
 * or after the request is applied.
 * @module
 */
import { MAX_TIMER_DELAY_MS } from "../model/real-timers.js";
import { OPERATIONS, type Operation } from "./router.js";

/** A fault to inject. */
export interface FaultSpec {
  /** The operation it applies to; `*` (default) for every request. */
  operation?: Operation | "*";
  /** How many matching requests it applies to (default 1; `Infinity` = always). */
  times?: number;
  /**
   * Delay of the answer, in real milliseconds: at most 2147483647 (about
   * 24.8 days, a Node timer's longest wait). As with a slow service, the
   * request is applied when it arrives and only its answer waits; a client
   * that gives up first gets nothing, and the journal says so.
   */
  latencyMs?: number;
  /** Answer with this status instead of handling the request. */
  status?: number;
  /**
   * Headers of that answer (e.g. `Retry-After`): valid names and values,
   * without `Content-Length` or `Transfer-Encoding`, which the fake sets
   * from the body.
   */
  headers?: Record<string, string>;
  /** Body of that answer (default empty). */
  body?: string;
  /** Drop the connection before the request is applied: nothing changes, and the answer is `Response.error()`. */
  drop?: boolean;
  /**
   * Apply the request, then drop the connection instead of answering: the
   * change is made (the journal records the status it would have had), and
   * the client sees a lost answer, as when a server dies mid-reply.
   */
  dropAfterApplying?: boolean;
}

/** What became of the answer to a request that met a fault, as the journal tells it. */
export type AnswerFate =
  /** Handed to the client's connection. */
  | "sent"
  /** Still delayed by an injected latency. */
  | "waiting"
  /** The client went away before it was sent (the request was applied all the same, unless its body was cut off). */
  | "client left"
  /** A `drop` or `dropAfterApplying` fault hung up instead. */
  | "dropped";

/** The longest latency a fault can have: the longest wait of a timer (about 24.8 days). */
const MAX_LATENCY_MS = MAX_TIMER_DELAY_MS;

// Headers that frame the answer on the wire: each adapter writes them from
// the body, and a second or a wrong one would leave the client waiting for
// bytes that never come, or reading the next answer as this one's body.
const FRAMING_HEADERS = new Set(["content-length", "transfer-encoding"]);

// The checks a `Response` would make of the headers, done when the fault is
// injected rather than on the request it meets (which would then get a 500).
function checkHeaders(headers: Record<string, string>): void {
  try {
    new Headers(headers);
  } catch (error) {
    throw new RangeError(`headers: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const name of Object.keys(headers)) {
    if (FRAMING_HEADERS.has(name.toLowerCase())) throw new RangeError(`headers: ${name} is set by the fake from the body`);
  }
}

interface ActiveFault extends FaultSpec {
  remaining: number;
}

/** Describes a fault for the journal (`status 503`, `drop`, `latency 200ms`). */
export function describeFault(fault: FaultSpec): string {
  const parts: string[] = [];
  if (fault.latencyMs) parts.push(`latency ${fault.latencyMs}ms`);
  if (fault.drop) parts.push("drop");
  else if (fault.dropAfterApplying) parts.push("drop after applying");
  else if (fault.status !== undefined) parts.push(`status ${fault.status}`);
  return parts.join(", ");
}

/** The pending faults, matched in injection order. */
export class Faults {
  #active: ActiveFault[] = [];

  /** Adds a fault. */
  inject(fault: FaultSpec): void {
    const operation = fault.operation ?? "*";
    if (operation !== "*" && !(OPERATIONS as readonly string[]).includes(operation)) {
      throw new RangeError(`unknown operation ${JSON.stringify(operation)}; one of: *, ${OPERATIONS.join(", ")}`);
    }
    const times = fault.times ?? 1;
    if (!(times > 0)) throw new RangeError("times must be positive");
    if (fault.latencyMs !== undefined && !(fault.latencyMs >= 0)) throw new RangeError("latencyMs must not be negative");
    if (fault.latencyMs !== undefined && fault.latencyMs > MAX_LATENCY_MS) {
      throw new RangeError(`latencyMs must be at most ${MAX_LATENCY_MS} (about 24.8 days)`);
    }
    if (fault.status !== undefined && !(Number.isInteger(fault.status) && fault.status >= 200 && fault.status <= 599)) {
      throw new RangeError("status must be an integer from 200 to 599");
    }
    if (fault.headers !== undefined) checkHeaders(fault.headers);
    if (fault.dropAfterApplying && (fault.drop || fault.status !== undefined)) {
      throw new RangeError("dropAfterApplying applies the request: it cannot go with drop or status, which answer instead of applying it");
    }
    this.#active.push({ ...fault, remaining: times });
  }

  /** Takes the first fault matching `operation` (using one of its times), if any. */
  take(operation: Operation | null): FaultSpec | undefined {
    if (this.#active.length === 0) return undefined;
    const index = this.#active.findIndex((f) => (f.operation ?? "*") === "*" || f.operation === operation);
    if (index < 0) return undefined;
    const fault = this.#active[index] as ActiveFault;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#active.splice(index, 1);
    return fault;
  }

  /** Removes every pending fault. */
  clear(): void {
    this.#active = [];
  }
}

/**
 * Waits `ms` real milliseconds, or less when `gone` settles first (the
 * client left); resolves to whether it did. With `keepAlive` false the
 * wait does not keep the process alive by itself: a request that came
 * over a socket is kept alive by its server, and once that is closed
 * nobody waits for the answer.
 */
export function waitUnlessGone(ms: number, gone: Promise<void>, keepAlive = true): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    if (!keepAlive) timer.unref();
    void gone.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
