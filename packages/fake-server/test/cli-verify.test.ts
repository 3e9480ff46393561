/**
 * `checks-fake-server verify` against a second fake process (the CLI in
 * live mode) standing in for the real service: nothing differs against a
 * faithful one, each planted difference is named, the run stops with status
 * 2 when it cannot go on, and it leaves nothing behind, SIGINT included.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCommand } from "../src/cli/verify/command.js";
import type { VerifyReport } from "../src/cli/verify/report.js";
import { FakeServerClient } from "../src/index.js";
import { runCommand } from "./cli-command-helpers.js";
import { listening, start, waitFor, type Run } from "./cli-process.js";

let service: Run;
let url = "";
let control: FakeServerClient;

beforeAll(async () => {
  service = start(["--port", "0", "--compat", "live"]);
  url = await listening(service);
  control = new FakeServerClient({ url });
}, 60_000);

afterAll(async () => {
  service.child.kill("SIGTERM");
  await service.exit;
});

/** A project of its own on the service, with an integration, and the environment that points verify at it. */
async function project(checkLimit = 20) {
  const created = await control.createProject({ checkLimit });
  await control.addChannel(created.id, { kind: "email", name: "ops on call" });
  const env = { CHECKS_API_KEY: created.readWriteKey ?? "", CHECKS_API_READONLY_KEY: created.readOnlyKey ?? "", CHECKS_PING_KEY: created.pingKey };
  return { ...created, env };
}

const verify = (args: string[], env: NodeJS.ProcessEnv) => runCommand(verifyCommand, args, env);

/** The checks of the project the key opens, on the service. */
async function checksOn(key: string): Promise<unknown[]> {
  const answer = await fetch(`${url}/api/v3/checks/`, { headers: { "X-Api-Key": key } });
  return ((await answer.json()) as { checks: unknown[] }).checks;
}

const secretsOf = (p: Awaited<ReturnType<typeof project>>) => [p.readWriteKey ?? "", p.readOnlyKey ?? "", p.pingKey];

// A whole run sends about 150 requests: generous time on a busy machine.
describe.concurrent("verify against a second fake process", { timeout: 90_000 }, () => {
  it("finds nothing against a faithful service, prints no key, and deletes every check it created", async () => {
    const p = await project();
    const run = await verify(["--url", url], p.env);
    expect(run.err).toBe("");
    expect(run.out).toMatch(/^74 steps: 74 same, 0 different, 0 skipped\.$/m);
    expect(run.out).toMatch(/Cleanup: deleted the 5 check\(s\) the run created\./);
    expect(run.out).not.toMatch(/seed mode/);
    expect(run.status).toBe(0);
    for (const secret of secretsOf(p)) expect(run.out).not.toContain(secret);
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it("names a different validation message and a missing field planted by a proxy", async () => {
    const p = await project();
    const proxy = await rewritingProxy(url, (method, path, body) => {
      if (method === "POST" && path === "/api/v3/checks/") return body.replace("timeout is too small", "timeout must be at least 60");
      if (method === "GET" && /^\/api\/v3\/checks\/[0-9a-f-]{36}$/.test(path)) return body.replace(/"manual_resume": (true|false), /, "");
      return body;
    });
    try {
      const run = await verify(["--url", proxy.url], p.env);
      expect(run.status).toBe(1);
      expect(run.out).toMatch(/DIFF 400 timeout too small/);
      expect(run.out).toContain('- body.error: service "json validation error: timeout must be at least 60", fake "json validation error: timeout is too small"');
      expect(run.out).toMatch(/DIFF get by uuid/);
      expect(run.out).toContain("- body.manual_resume: the service's answer lacks it (fake: false)");
      expect(run.out).toMatch(/^74 steps: 71 same, 3 different, 0 skipped\.$/m);
    } finally {
      await proxy.close();
    }
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it("stops before any ping when a check it pings shows integrations on the service", async () => {
    const p = await project();
    const proxy = await rewritingProxy(url, (_method, _path, body) => body.replaceAll('"channels": ""', '"channels": "11111111-2222-4333-8444-555555555555"'));
    try {
      const run = await verify(["--url", proxy.url], p.env);
      expect(run.status).toBe(2);
      expect(run.out).toMatch(/^Stopped: check "cron" has integrations on the service: "GET on a POST-only check" could make it go down and notify them, so the run stops$/m);
      expect(run.out).not.toMatch(/^ *\d+ {2}\S+ +(ping|GET on a POST-only check) /m);
      expect(run.out).toMatch(/Cleanup: deleted the 5 check\(s\)/);
    } finally {
      await proxy.close();
    }
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it("skips the read-only and slug ping steps without those keys", async () => {
    const p = await project();
    const run = await verify(["--url", url], { CHECKS_API_KEY: p.env.CHECKS_API_KEY });
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/skip read-only list +\(no read-only key given\)/);
    expect(run.out).toMatch(/skip slug ping +\(no ping key given\)/);
    expect(run.out).toMatch(/^74 steps: 68 same, 0 different, 6 skipped\.$/m);
  });

  it("stops at the account's check limit with a clear message, leaving nothing behind", async () => {
    const p = await project(2);
    const run = await verify(["--url", url], p.env);
    expect(run.status).toBe(2);
    expect(run.out).toMatch(/Stopped: the service refused to create a check \(403\): the account has reached its check limit/);
    expect(run.out).toMatch(/Cleanup: deleted the 2 check\(s\)/);
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it.each([
    ["no key", {}, /CHECKS_API_KEY is not set/],
    ["a read-only key by its prefix", { CHECKS_API_KEY: `hcr_${"a".repeat(28)}` }, /CHECKS_API_KEY is a read-only key/],
  ])("exits 2 with %s", async (_, env, message) => {
    const run = await verify(["--url", url], env);
    expect(run.status).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.out).toBe("");
  });

  it("exits 2 when the key cannot write, without printing it", async () => {
    // A read-only key without the prefix that would give it away before any request.
    const readOnlyKey = `verify${"r".repeat(26)}`;
    const p = await control.createProject({ readOnlyKey });
    const run = await verify(["--url", url], { CHECKS_API_KEY: readOnlyKey });
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/the service refused CHECKS_API_KEY \(wrong api key\): verify needs the read-write API key/);
    expect(run.err).not.toContain(readOnlyKey);
    expect(await checksOn(p.readWriteKey ?? "")).toEqual([]);
  });

  it("exits 2 when the service is unreachable", async () => {
    const closed = await rewritingProxy(url, (_method, _path, body) => body);
    await closed.close();
    const run = await verify(["--url", closed.url], { CHECKS_API_KEY: "k".repeat(32) });
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/could not reach the service at http:\/\/127\.0\.0\.1:\d+/);
  });

  it("refuses a missing --url and unknown flags with status 2", async () => {
    expect((await verify([], { CHECKS_API_KEY: "k".repeat(32) })).err).toMatch(/--url <site root> is required/);
    expect((await verify(["--url", url, "--bogus"], {})).status).toBe(2);
    expect((await verify(["--url", "ftp://example.com"], {})).err).toMatch(/--url must be an http or https URL/);
  });
});

// Faults apply to every project of the service: these run one at a time, after the others.
describe("verify with faults injected on the service", { timeout: 90_000 }, () => {
  it("names the step of an injected fault, with the request and both answers, and exits 1", async () => {
    const p = await project();
    await control.inject({ operation: "listFlips", status: 500, body: "boom", times: 1 });
    const run = await verify(["--url", url, "--json"], p.env);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.out) as VerifyReport;
    expect(report.outcome).toBe("differ");
    const differing = report.steps.filter((step) => step.result === "differ");
    expect(differing.map((step) => step.name)).toEqual(["flips by unique_key"]);
    expect(differing[0]).toMatchObject({
      request: "GET /api/v3/checks/{unique:upserted}/flips/",
      service: { status: 500, body: "boom" },
      fake: { status: 200, contentType: "application/json" },
    });
    expect(differing[0]?.differences).toContain("status: service 500, fake 200");
    // The table goes to stderr with --json, and shows the same.
    expect(run.err).toMatch(/^ *\d+ {2}DIFF flips by unique_key /m);
    expect(run.err).toContain("request: GET /api/v3/checks/{unique:upserted}/flips/");
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it("cleans up and exits 2 when a step gets no answer", async () => {
    const p = await project();
    await control.inject({ operation: "listPings", drop: true, times: 1 });
    const run = await verify(["--url", url], p.env);
    expect(run.status).toBe(2);
    expect(run.out).toMatch(/^Stopped: no answer from the service to "401 read-only key lists pings": /m);
    expect(run.out).toMatch(/not run/);
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it("waits out a 429 as Retry-After asks", async () => {
    const p = await project();
    await control.inject({ operation: "listChecks", status: 429, headers: { "Retry-After": "1" }, times: 1 });
    await control.inject({ operation: "deleteCheck", status: 429, headers: { "Retry-After": "1" }, times: 1 });
    const run = await verify(["--url", url], p.env);
    expect(run.err.match(/the service answered 429: waiting 1 s as it asked/g)).toHaveLength(2);
    expect(run.out).toMatch(/Cleanup: deleted the 5 check\(s\) the run created\./);
    expect(run.status).toBe(0);
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it("stops, cleaning up, when the service asks to wait longer than it will", async () => {
    const p = await project();
    await control.inject({ operation: "listChecks", status: 429, headers: { "Retry-After": "3600" }, times: 1 });
    const run = await verify(["--url", url], p.env);
    expect(run.status).toBe(2);
    expect(run.out).toMatch(/^Stopped: at "list by tag", the service keeps answering 429 Too Many Requests \(Retry-After: 3600 s\)$/m);
    expect(run.out).toMatch(/Cleanup: deleted the 5 check\(s\)/);
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it("deletes what it created after SIGINT mid-run and exits 2", async () => {
    const p = await project();
    // The first ping hangs on the service, so the signal lands mid-run.
    await control.inject({ operation: "ping", latencyMs: 60_000, times: 1 });
    const run = start(["verify", "--url", url], { ...process.env, ...p.env });
    await waitFor(run, /^ +18 {2}ok {3}409 resume a running check/m);
    expect((await checksOn(p.env.CHECKS_API_KEY)).length).toBe(5);
    run.child.kill("SIGINT");
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toContain("SIGINT received: stopping, then deleting the checks the run created");
    expect(run.stdout()).toMatch(/^Stopped: interrupted$/m);
    expect(run.stdout()).toMatch(/Cleanup: deleted the 5 check\(s\) the run created\./);
    expect(await checksOn(p.env.CHECKS_API_KEY)).toEqual([]);
    await control.clearFaults();
  });
});

/** A proxy on 127.0.0.1 that forwards to `target` and lets `rewrite` change each answer's text. */
async function rewritingProxy(target: string, rewrite: (method: string, path: string, body: string) => string) {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== "host" && name !== "connection")) as Record<string, string>;
      const body = chunks.length && request.method !== "GET" && request.method !== "HEAD" ? Buffer.concat(chunks) : null;
      fetch(`${target}${request.url ?? "/"}`, { method: request.method ?? "GET", headers, body, redirect: "manual" })
        .then(async (answer) => {
          const bytes = Buffer.from(await answer.arrayBuffer());
          const type = answer.headers.get("content-type") ?? "";
          const text = /json/.test(type) ? Buffer.from(rewrite(request.method ?? "GET", request.url ?? "/", bytes.toString("utf8"))) : bytes;
          response.writeHead(answer.status, type ? { "Content-Type": type } : {});
          response.end(text);
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
