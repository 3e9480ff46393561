/**
 * `monitor(target, job)`: runs a job between a start signal and a success
 * or failure signal that share a fresh run id.
 * @module
 */
import { EXIT_STATUS_MAX } from "@checks-api/schema";
import type { RequestOptions } from "./options.js";
import type { PingSender, PingTarget } from "./ping.js";

/** What a monitored job receives. */
export interface MonitorRun {
  /** The run id sent with the run's signals. */
  rid: string;
}

/** Options of `monitor()` on a `ChecksClient` or `PingClient`. */
export interface MonitorOptions extends RequestOptions {
  /**
   * Called when a signal cannot be delivered. The job runs and its result is
   * returned regardless: an outage of the monitoring service must not stop
   * the job. Default: ignore.
   */
  onPingError?: (error: unknown, signal: "start" | "finish") => void;
}

function failureText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

function isExitStatus(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= EXIT_STATUS_MAX;
}

/**
 * Sends a start signal with a fresh run id, runs `job`, then reports: the
 * exit status if the job returns a number (0–255), success otherwise, or a
 * failure with the error text as body if it throws — the error is rethrown.
 */
export async function monitor<T>(
  sender: PingSender,
  target: PingTarget,
  job: (run: MonitorRun) => T | Promise<T>,
  options: MonitorOptions = {},
): Promise<T> {
  const { onPingError, ...requestOptions } = options;
  const rid = globalThis.crypto.randomUUID();
  const report = async (signal: "start" | "finish", send: () => PromiseLike<unknown>) => {
    try {
      await send();
    } catch (error) {
      onPingError?.(error, signal);
    }
  };
  const ping = { ...requestOptions, rid };
  await report("start", () => sender.send(target, "start", ping));
  let result: T;
  try {
    result = await job({ rid });
  } catch (error) {
    await report("finish", () => sender.send(target, "fail", { ...ping, body: failureText(error) }));
    throw error;
  }
  if (isExitStatus(result)) {
    await report("finish", () => sender.send(target, `${result}`, ping));
  } else if (typeof result === "number") {
    await report("finish", () => sender.send(target, "fail", { ...ping, body: `exit status ${result}` }));
  } else {
    await report("finish", () => sender.send(target, "", ping));
  }
  return result;
}
