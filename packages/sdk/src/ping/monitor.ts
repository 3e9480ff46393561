/**
 * `monitor(target, job)`: runs a job between a start signal and a success
 * or failure signal that share a fresh run id, with the tail of the job's
 * log as the body of the finish signal.
 * @module
 */
import { PingNotRecordedError } from "../core/errors.js";
import { LogTail } from "./log-tail.js";
import type { RequestOptions } from "../core/options.js";
import { exitStatusParam } from "../core/paths.js";
import { bytesOf } from "./ping-body.js";
import type { PingAnswer, PingSender, PingTarget } from "./ping.js";

/**
 * What a monitored job receives.
 * @category Ping API
 */
export interface MonitorRun {
  /** The run id sent with the run's signals. */
  readonly rid: string;
  /**
   * Adds a line to the run's log. The tail of the log that fits the
   * service's body limit is the body of the finish signal.
   */
  log(line: string): void;
  /**
   * Adds a stream's output to the run's log as it comes, such as a child
   * process's `stdout` or `stderr` (any async iterable of text or bytes).
   * Resolves when the stream ends; the finish signal waits for it too.
   * Rejects when the stream fails or gives a chunk that is neither text nor
   * bytes (a `TypeError`); what it added to the log stays.
   */
  capture(output: AsyncIterable<string | Uint8Array>): Promise<void>;
  /**
   * Reports this exit status (0 success, 1–255 failure) instead of success
   * when the job returns. What the job returns is never reported. Any other
   * value throws a `BadRequestError` that says the range (thrown in the job,
   * it fails the run like any error).
   */
  exitStatus(code: number): void;
}

/**
 * Options of `monitor()` on a `ChecksClient` or `PingClient`.
 * @category Ping API
 */
export interface MonitorOptions extends RequestOptions {
  /**
   * Called for each signal that was not recorded as asked: not delivered
   * (unreachable, timed out, refused, rate-limited) or answered without
   * being recorded (a {@link PingNotRecordedError}: no such check, an
   * ambiguous slug, the hosted service's `OK (rate limited)`). The job runs
   * and its result is returned regardless:
   * an outage of the monitoring service must not stop the job. Default: ignore.
   */
  onPingError?: (error: unknown, signal: "start" | "finish") => void;
  /**
   * Cancels the run's signals. Aborted before the job starts (already, or
   * while the start signal is on its way), `monitor()` rejects with the
   * signal's reason and never runs the job; nothing is sent when it was
   * already aborted, and `onPingError` is not called. Aborted while the job
   * runs, the job still runs to its end and its result is returned; the
   * finish signal is not sent, which `onPingError` hears. Default: none.
   */
  signal?: AbortSignal;
  /**
   * The most bytes of log kept in memory. Default: the service's ping body
   * limit (the documented 10,000 bytes until it announces one), or
   * {@link UNLIMITED_LOG_BYTES} when it announces none.
   */
  logLimit?: number;
}

/**
 * The log kept of a monitored run when the service has no ping body limit: 1 MiB.
 * @category Ping API
 */
export const UNLIMITED_LOG_BYTES = 1_048_576;

const TEMPLATE = { method: "POST", path: "/ping/{target}" };

function failureText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

function checkLogLimit(limit: number | undefined): number | undefined {
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) {
    throw new RangeError("logLimit must be a positive integer number of bytes");
  }
  return limit;
}

/** A captured chunk as the log keeps it; anything but text or bytes (an object-mode stream's rows) is refused. */
function logChunk(chunk: unknown): string | Uint8Array {
  if (typeof chunk === "string") return chunk;
  if (ArrayBuffer.isView(chunk)) return bytesOf(chunk);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw new TypeError(`capture() takes a stream of text or bytes, not of ${chunk === null ? "null" : typeof chunk}`);
}

/** The run a job sees, and what it asked to report. */
class Run implements MonitorRun {
  readonly rid: string;
  readonly logTail: LogTail;
  readonly captures: Array<Promise<void>> = [];
  status: number | undefined;

  constructor(rid: string, logTail: LogTail) {
    this.rid = rid;
    this.logTail = logTail;
  }

  log(line: string): void {
    this.logTail.append(line.endsWith("\n") ? line : `${line}\n`);
  }

  capture(output: AsyncIterable<string | Uint8Array>): Promise<void> {
    const done = (async () => {
      for await (const chunk of output) this.logTail.append(logChunk(chunk));
    })();
    this.captures.push(done.catch(() => undefined));
    return done;
  }

  exitStatus(code: number): void {
    this.status = exitStatusParam(code, TEMPLATE);
  }
}

/**
 * Sends a start signal with a fresh run id, runs `job`, then reports success
 * (or the exit status set with `run.exitStatus()`), or a failure with the
 * error text as body if it throws — the error is rethrown. The tail of the
 * run's log goes with the finish signal. With a `signal` aborted before the
 * job starts, it rejects with the signal's reason and the job never runs.
 */
export async function monitor<T>(
  sender: PingSender,
  target: PingTarget,
  job: (run: MonitorRun) => T | Promise<T>,
  options: MonitorOptions = {},
): Promise<T> {
  const { onPingError, logLimit, ...requestOptions } = options;
  checkLogLimit(logLimit);
  const cancel = requestOptions.signal;
  // A caller who cancelled before the job began wants no job, rather than a job nobody monitors.
  cancel?.throwIfAborted();
  const rid = globalThis.crypto.randomUUID();
  const report = async (signal: "start" | "finish", send: () => PromiseLike<PingAnswer>) => {
    let answer: PingAnswer;
    try {
      answer = await send();
    } catch (error) {
      // A start cut short by the caller's signal is not a ping error: monitor() rejects with the reason.
      if (signal === "finish" || !cancel?.aborted) onPingError?.(error, signal);
      return;
    }
    const { result, text } = answer;
    if (result.outcome !== "recorded" && result.outcome !== "created") {
      onPingError?.(new PingNotRecordedError({ ...TEMPLATE, status: result.status, outcome: result.outcome, errorText: text }), signal);
    }
  };
  const ping = { ...requestOptions, rid };
  await report("start", () => sender.answer(target, "start", ping));
  cancel?.throwIfAborted();
  const run = new Run(rid, new LogTail(() => logLimit ?? sender.sendLimit ?? UNLIMITED_LOG_BYTES));
  const logged = () => (run.logTail.empty ? {} : { body: run.logTail.text() });
  let result: T;
  try {
    result = await job(run);
  } catch (error) {
    await Promise.all(run.captures);
    run.logTail.append(`${run.logTail.atLineStart ? "" : "\n"}${failureText(error)}`);
    await report("finish", () => sender.answer(target, "fail", { ...ping, ...logged() }));
    throw error;
  }
  await Promise.all(run.captures);
  const signal = run.status === undefined ? "" : (`${run.status}` as const);
  await report("finish", () => sender.answer(target, signal, { ...ping, ...logged() }));
  return result;
}
