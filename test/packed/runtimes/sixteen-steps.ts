/**
 * Sixteen steps through `@checks-api/sdk/fetch` against a running fake, for
 * any runtime with a WHATWG `fetch`. The tests bundle a program that runs
 * them (minified, as an application's build would): a script for Node, Bun
 * and Deno (program.ts) and a module worker for workerd (worker.ts).
 * Each step reports its name, whether it did what it should, and what it
 * saw (for the failing calls, the error's `name`).
 * @module
 */
import { ChecksApiError, ChecksClient, PingClient } from "@checks-api/sdk/fetch";

/** One step's outcome. */
export interface Step {
  step: string;
  ok: boolean;
  saw: string;
}

/**
 * Runs the sixteen steps against the fake at `baseUrl` with a read-write
 * key of its project; `closedUrl` is where nothing listens. Reads nothing
 * from the environment, so Deno needs no `--allow-env`.
 */
export async function sixteenSteps(baseUrl: string, apiKey: string, closedUrl: string): Promise<Step[]> {
  const client = new ChecksClient({ apiKey, baseUrl, maxRetries: 0 });
  const pings = new PingClient({ baseUrl, maxRetries: 0 });
  const steps: Step[] = [];

  /** Runs a step that must succeed; `check` says whether its result is right. */
  async function step<T>(name: string, call: () => PromiseLike<T>, check: (result: T) => boolean, show: (result: T) => string): Promise<T | undefined> {
    try {
      const result = await call();
      steps.push({ step: name, ok: check(result), saw: show(result) });
      return result;
    } catch (error) {
      steps.push({ step: name, ok: false, saw: String(error) });
      return undefined;
    }
  }

  /** Runs a step that must fail with an SDK error; what it saw is the error's name. */
  async function failing(name: string, call: () => PromiseLike<unknown>, expected: string): Promise<void> {
    try {
      await call();
      steps.push({ step: name, ok: false, saw: "no error" });
    } catch (error) {
      const saw = error instanceof ChecksApiError ? error.name : `not an SDK error: ${String(error)}`;
      steps.push({ step: name, ok: saw === expected, saw });
    }
  }

  const check = await step(
    "create",
    () => client.checks.create({ name: "door", tags: "door runtime", timeout: 3600, grace: 60 }),
    (created) => created.name === "door",
    (created) => created.name,
  );
  const uuid = check?.uuid ?? "";
  await step("get", () => client.checks.get(uuid), (got) => got.uuid === uuid, (got) => got.status);
  await step("list by tag", () => client.checks.list({ tag: "door" }), (list) => list.some((c) => c.uuid === uuid), (list) => `${list.length}`);
  await step("update", () => client.checks.update(uuid, { desc: "from a bundle" }), (updated) => updated.desc === "from a bundle", (updated) => updated.desc);
  await step("ping start", () => pings.ping(uuid).start(), (result) => result.ok, (result) => result.outcome);
  await step("ping success", () => pings.ping(uuid).success(), (result) => result.ok, (result) => result.outcome);
  await step("ping log", () => client.pings.list(uuid), (log) => log.length === 2, (log) => log.map((ping) => ping.type).join(","));
  await step("pause", () => client.checks.pause(uuid), (paused) => paused.status === "paused", (paused) => paused.status);
  await step("resume", () => client.checks.resume(uuid), (resumed) => resumed.status !== "paused", (resumed) => resumed.status);
  await failing("resume again", () => client.checks.resume(uuid), "ConflictError");
  await step("flips", () => client.flips.list(uuid), (flips) => Array.isArray(flips), (flips) => `${flips.length}`);
  await step("badges", () => client.badges.list(), (badges) => Object.keys(badges).length > 0, (badges) => Object.keys(badges).join(","));
  await step("delete", () => client.checks.delete(uuid), (deleted) => deleted.uuid === uuid, (deleted) => deleted.name);
  await failing("get deleted", () => client.checks.get(uuid), "NotFoundError");
  await failing("wrong key", () => new ChecksClient({ apiKey: `${apiKey.slice(0, -4)}0000`, baseUrl, maxRetries: 0 }).checks.list(), "AuthenticationError");
  await failing("nothing listening", () => new ChecksClient({ apiKey, baseUrl: closedUrl, maxRetries: 0 }).checks.list(), "ConnectionError");

  return steps;
}
