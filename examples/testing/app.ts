/**
 * Application code that calls the API: the code under test in
 * `with-dispatcher.test.ts` and `with-msw.test.ts`. It takes a client, so a
 * test can hand it one that talks to the fake server.
 * @module
 */
import type { ChecksClient, PingClient, ReadOnlyChecksClient } from "@checks-api/sdk";

/** The checks needing attention, by name. */
export interface HealthSummary {
  /** Checks past their deadline but still within their grace time. */
  late: string[];
  /** Checks that are down. */
  down: string[];
}

/** What a dashboard shows: which checks are late and which are down. */
export async function healthSummary(client: ChecksClient | ReadOnlyChecksClient): Promise<HealthSummary> {
  const checks = await client.checks.list();
  return {
    late: checks.filter((check) => check.status === "grace").map((check) => check.name),
    down: checks.filter((check) => check.status === "down").map((check) => check.name),
  };
}

/** A job that reports each run to its check; returns what the job returned. */
export function runReported<T>(pings: PingClient, uuid: string, job: () => Promise<T>): Promise<T> {
  return pings.monitor(uuid, job);
}
