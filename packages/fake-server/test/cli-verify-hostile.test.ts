/**
 * `checks-fake-server verify` against services that misbehave: one lost
 * right after the run's `/fail` ping, one that drips its answer a byte at a
 * time (with garbage collected every few milliseconds, in a child process
 * started with `--expose-gc`), and ones whose answers carry terminal
 * escapes and echo the key in other forms. All on 127.0.0.1, port 0.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, type RunningServer } from "../src/adapters/node-http.js";
import { verifyCommand } from "../src/cli/verify/command.js";
import { FakeServer } from "../src/index.js";
import { runCommand, serve } from "./cli-command-helpers.js";
import { run } from "./cli-process.js";

let fake: FakeServer;
let server: RunningServer;
let url = "";

beforeAll(async () => {
  const target = { handle: (request: Request) => fake.handle(request) };
  server = await listen(target, { port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${server.port}`;
  fake = new FakeServer({ compat: "live", baseUrl: url, clock: { mode: "real" } });
});

afterAll(async () => {
  await server.close();
});

function project() {
  const created = fake.createProject({});
  fake.addChannel(created.id, { kind: "email", name: "ops on call" });
  const env = { CHECKS_API_KEY: created.readWriteKey ?? "", CHECKS_API_READONLY_KEY: created.readOnlyKey ?? "", CHECKS_PING_KEY: created.pingKey };
  return { ...created, env };
}

const verify = (args: string[], env: NodeJS.ProcessEnv) => runCommand(verifyCommand, args, env);

/** Forwards to the fake until `breaks` says so: from then on every connection is dropped, that request's answer included. */
function breakingProxy(breaks: (method: string, path: string) => boolean) {
  let broken = false;
  return serve((request, response, body) => {
    if (broken) return void response.destroy();
    const method = request.method ?? "GET";
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== "host" && name !== "connection")) as Record<string, string>;
    fetch(`${url}${request.url ?? "/"}`, { method, headers, body: method === "GET" || method === "HEAD" ? null : new Uint8Array(body) }).then(async (answer) => {
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (breaks(method, request.url ?? "/")) {
        broken = true;
        return void response.destroy();
      }
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(bytes);
    }, () => response.destroy());
  });
}

async function checksOf(key: string): Promise<{ name: string; status: string }[]> {
  const answer = await fetch(`${url}/api/v3/checks/`, { headers: { "X-Api-Key": key } });
  return ((await answer.json()) as { checks: { name: string; status: string }[] }).checks;
}

const tagOf = (out: string) => /carry the tag (checks-api-verify-[0-9a-f]{8})/.exec(out)?.[1] ?? "";

describe("verify against a service lost mid-run", { timeout: 90_000 }, () => {
  it("leaves only the one check it was failing, names it with its status, and the command deletes it", async () => {
    const p = project();
    const proxy = await breakingProxy((method, path) => method === "POST" && path.endsWith("/fail"));
    let run: Awaited<ReturnType<typeof verify>>;
    try {
      run = await verify(["--url", proxy.url, "--timeout", "5"], p.env);
    } finally {
      await proxy.close();
    }
    expect(run.status).toBe(2);
    expect(run.out).toMatch(/^Stopped: no answer from the service to "fail with body": /m);
    const tag = tagOf(run.out);
    expect(run.out).toContain(`Cleanup left 1 check(s) behind on the service, under the tag ${tag}:`);
    expect(run.out).toContain(`  "${tag} simple", up, or down if the service took "fail with body" before it was lost (it shows on the project's badges and dashboards)`);
    expect(run.out).toContain(`Delete them, with CHECKS_API_KEY set as for this run: checks-fake-server verify --url ${proxy.url} --clean-up ${tag}`);
    expect((await checksOf(p.env.CHECKS_API_KEY)).map((check) => [check.name, check.status])).toEqual([[`${tag} simple`, "down"]]);

    const cleanup = await verify(["--url", url, "--clean-up", tag], p.env);
    expect(cleanup.out).toBe("Cleanup: deleted the 1 check(s) the run created.\n");
    expect(cleanup.status).toBe(0);
    expect(await checksOf(p.env.CHECKS_API_KEY)).toEqual([]);
  });

  it("refuses --clean-up with anything but a run's tag", async () => {
    const run = await verify(["--url", url, "--clean-up", "prod"], project().env);
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/--clean-up takes the tag of a verify run/);
  });
});

describe("verify against a fake in seed mode", { timeout: 90_000 }, () => {
  it("says the service answers like a fake started without --compat live", async () => {
    let seed: FakeServer | undefined;
    const seedServer = await listen({ handle: (request: Request) => (seed as FakeServer).handle(request) }, { port: 0, host: "127.0.0.1" });
    const seedUrl = `http://127.0.0.1:${seedServer.port}`;
    seed = new FakeServer({ compat: "seed", baseUrl: seedUrl, clock: { mode: "real" } });
    const p = seed.createProject({});
    try {
      const run = await verify(["--url", seedUrl, "--json"], { CHECKS_API_KEY: p.readWriteKey ?? "", CHECKS_API_READONLY_KEY: p.readOnlyKey ?? "", CHECKS_PING_KEY: p.pingKey });
      expect(run.status).toBe(1);
      const report = JSON.parse(run.out) as { summary: { differ: number }; likeSeedMode?: { differ: number } };
      expect(report.summary.differ).toBeGreaterThan(20);
      expect(report.likeSeedMode).toEqual({ differ: 0 });
      expect(run.err).toMatch(
        new RegExp(`^The service answers like checks-fake-server in seed mode \\(--compat seed\\): ${report.summary.differ} step\\(s\\) differ from live mode, 0 from seed mode\\. If it is a checks-fake-server, start it with --compat live`, "m"),
      );
    } finally {
      await seedServer.close();
    }
  });
});

describe("verify against hostile services", { timeout: 120_000 }, () => {
  it("gives up on an answer dripped a byte at a time after --timeout, garbage collected or not", async () => {
    // The integrations and the cleanup's listing are answered at once; the first step, a create, is dripped.
    const dripping = await serve((request, response) => {
      if (request.method === "GET") {
        const body = request.url === "/api/v3/channels/" ? '{"channels": []}' : '{"checks": []}';
        return void response.writeHead(200, { "Content-Type": "application/json" }).end(body);
      }
      response.writeHead(201, { "Content-Type": "application/json" });
      const timer = setInterval(() => response.write(" "), 50);
      response.on("close", () => clearInterval(timer));
    });
    try {
      const forceGc = fileURLToPath(new URL("fixtures/verify/force-gc.mjs", import.meta.url));
      const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
      const child = run(process.execPath, ["--expose-gc", "--import", "tsx", "--import", forceGc, cli, "verify", "--url", dripping.url, "--timeout", "1"], {
        env: { ...process.env, CHECKS_API_KEY: `hcw_${"d".repeat(28)}` },
      });
      expect(await child.exit).toBe(2);
      expect(child.stdout()).toMatch(/^Stopped: no answer from the service to "create simple": no complete answer within 1 s$/m);
      // The run's own timer ended it (undici's would have waited 300 s, and said otherwise), garbage collected all along.
      expect(child.stdout()).toMatch(/^Cleanup: deleted the 0 check\(s\) the run created\.$/m);
    } finally {
      await dripping.close();
    }
  });

  it("prints the service's terminal escapes as escapes and its echoes of the key masked, in the table and in --json", async () => {
    const p = project();
    const key = p.env.CHECKS_API_KEY;
    const echo = `\u001b[31mred\u001b[0m \u001b]0;owned\u0007 \u009b2J ${key.toUpperCase()} ${key.slice(4)} ${key.replace("_", "%5F")}`;
    const proxy = await serve((request, response, body) => {
      const method = request.method ?? "GET";
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== "host" && name !== "connection")) as Record<string, string>;
      fetch(`${url}${request.url ?? "/"}`, { method, headers, body: method === "GET" || method === "HEAD" ? null : new Uint8Array(body) }).then(async (answer) => {
        let text = Buffer.from(await answer.arrayBuffer()).toString("utf8");
        if (answer.status === 400) text = JSON.stringify({ error: echo });
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(text);
      }, () => response.destroy());
    });
    try {
      for (const args of [[], ["--json"]]) {
        const run = await verify(["--url", proxy.url, ...args], p.env);
        expect(run.status).toBe(1);
        const printed = run.out + run.err;
        expect(printed).toMatch(/DIFF 400 timeout too small/);
        expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
        expect(printed).toContain("\\u001b[31mred");
        expect(printed).not.toMatch(new RegExp(key.slice(4), "i"));
      }
    } finally {
      await proxy.close();
    }
  });

  it("escapes and masks what a hostile service says when it refuses the key", async () => {
    const key = `hcw_${"e".repeat(28)}`;
    const hostile = await serve((_request, response) => {
      response.writeHead(401, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: `\u001b]0;owned\u0007 wrong key ${key.toUpperCase()} ${key.slice(4)}` }));
    });
    try {
      const run = await verify(["--url", hostile.url], { CHECKS_API_KEY: key });
      expect(run.status).toBe(2);
      expect(run.err).toMatch(/the service refused CHECKS_API_KEY/);
      expect(run.err).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
      expect(run.err).not.toMatch(/e{28}/i);
    } finally {
      await hostile.close();
    }
  });
});
