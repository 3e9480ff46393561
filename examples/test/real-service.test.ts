/**
 * With CHECKS_API_URL and the keys set, the examples talk to that service:
 * here a fake served over real HTTP on 127.0.0.1 stands in for it.
 */
import { FakeServer } from "@checks-api/fake-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main as cronJob } from "../cron-job.js";
import { main as listChecks } from "../list-checks-by-tag.js";
import { main as statusBoard } from "../status-board.js";
import { run } from "./run.js";

const fake = new FakeServer();
const project = fake.createProject();
fake.createCheck(project.id, { name: "Remote job", slug: "remote-job", tags: "prod" });
let env: Record<string, string> = {};
let close = async () => {};

beforeAll(async () => {
  const server = await fake.listen({ host: "127.0.0.1", port: 0 });
  close = server.close;
  // The fake prints URLs under its own base URL; over HTTP, requests go to the bound port.
  env = { CHECKS_API_URL: server.url, CHECKS_API_KEY: project.readWriteKey!, CHECKS_API_READONLY_KEY: project.readOnlyKey! };
});
afterAll(() => close());

it("lists the checks of the service named by CHECKS_API_URL with CHECKS_API_KEY", async () => {
  const lines = await run(listChecks, [], env);
  expect(lines[0]).toBe(`Checks tagged prod on ${env.CHECKS_API_URL}:`);
  expect(lines.slice(1)).toEqual(["  new     Remote job            last ping never  [prod]", "1 checks: 1 new"]);
  expect(fake.journal().at(-1)).toMatchObject({ operation: "listChecks", keyKind: "read-write", status: 200 });
});

it("builds the status board with CHECKS_API_READONLY_KEY", async () => {
  const lines = await run(statusBoard, [], env);
  expect(lines).toContain("  WAITING  Remote job             last ping never");
  expect(fake.journal().at(-1)).toMatchObject({ operation: "listChecks", keyKind: "read-only" });
});

it("pings by slug with CHECKS_PING_KEY", async () => {
  const lines = await run(cronJob, ["remote-job"], { ...env, CHECKS_PING_KEY: project.pingKey });
  expect(lines[1]).toBe('by hand:   "backed up 1234 files" -> recorded');
  expect(lines).toContain("Status now: down. Latest pings:");
});

it("asks for the key that is missing", async () => {
  await expect(run(listChecks, [], { CHECKS_API_URL: env.CHECKS_API_URL })).rejects.toThrow(
    "CHECKS_API_URL is set, so CHECKS_API_KEY must be set too",
  );
});
