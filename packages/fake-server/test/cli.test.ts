import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCliArgs, USAGE } from "../src/cli/args.js";
import { UsageError } from "../src/cli/flags.js";
import { FakeServerClient } from "../src/index.js";
import { start, waitFor } from "./cli-process.js";

describe.concurrent("checks-fake-server CLI", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "checks-fake-cli-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("exits with status 2 and a message on stderr for a bad option", async () => {
    const run = start(["--port", "http"]);
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toMatch(/--port must be a number from 0 to 65535, not "http"/);
    expect(run.stdout()).toBe("");
  });

  it.each([
    ["the flag", ["--control-token", "my secret"], {}],
    ["the environment", [], { CHECKS_FAKE_SERVER_CONTROL_TOKEN: "pässwört" }],
  ])("refuses a control token from %s that no Authorization header can carry, without showing it", async (_, args, env) => {
    const run = start(["--port", "0", ...args], { ...process.env, ...env });
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toMatch(/^checks-fake-server: the control token must be printable ASCII without spaces/);
    expect(run.stderr()).not.toMatch(/secret|pässwört/);
  });

  it("serves the demo project, saves the state on SIGTERM and loads it on the next start", async () => {
    const stateFile = join(dir, "state.json");
    const first = start(["--port", "0", "--demo", "--state", stateFile, "--seed", "cli-test"]);
    const [, url] = await waitFor(first, /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/m);
    const [, key, curlUrl] = await waitFor(first, /curl -H "X-Api-Key: (hcw_\w{28})" (\S+)/);
    expect(curlUrl).toBe(`${url}/api/v3/checks/`);
    // The documented contract for scripts: the URL is on the first line of stdout.
    expect(first.stdout().split("\n")[0]).toBe(`Listening on ${url}`);

    const listed = (await (await fetch(curlUrl!, { headers: { "X-Api-Key": key! } })).json()) as {
      checks: { name: string; status: string; schedule?: string }[];
    };
    expect(listed.checks.map((check) => check.status).sort()).toEqual(["down", "grace", "new", "paused", "up", "up"]);
    expect(listed.checks.some((check) => check.schedule !== undefined)).toBe(true);
    for (const check of listed.checks) expect(first.stdout()).toMatch(new RegExp(`${check.status} +${check.name} +${url}/ping/`));

    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    expect(first.stderr()).toMatch(/state saved/);
    const saved = JSON.parse(await readFile(stateFile, "utf8")) as { projects: { readWriteKey: string }[] };
    expect(saved.projects.map((project) => project.readWriteKey)).toEqual([key]);

    const second = start(["--port", "0", "--demo", "--state", stateFile]);
    const [, secondUrl] = await waitFor(second, /^Listening on (\S+)$/m);
    expect(second.stderr()).toMatch(/loaded state/);
    expect(second.stderr()).toMatch(/--demo ignored/);
    const again = (await (await fetch(`${secondUrl}/api/v3/checks/`, { headers: { "X-Api-Key": key! } })).json()) as {
      checks: unknown[];
    };
    expect(again.checks).toHaveLength(6);
    second.child.kill("SIGINT");
    expect(await second.exit).toBe(0);
  }, 90_000);

  it("runs with the service limits given as flags, and refuses a bad one with status 2", async () => {
    const run = start(["--port", "0", "--ping-body-limit", "100000", "--api-body-limit", "200000", "--check-limit", "1", "--ping-log-limit", "5"]);
    const url = (await waitFor(run, /^Listening on (\S+)/m))[1]!;
    try {
      const control = new FakeServerClient({ url });
      expect(await control.limits()).toEqual({ pingBodyLimit: 100_000, apiBodyLimit: 200_000, checkLimit: 1, pingLogLimit: 5 });
      const project = await control.createProject();
      expect(project).toMatchObject({ checkLimit: 1, pingLogLimit: 5 });
      const check = await control.createCheck(project.id, { name: "one" });
      const ping = await fetch(check.ping_url.replace(/^http:\/\/[^/]+/, url), { method: "POST", body: "x".repeat(150_000) });
      expect(ping.headers.get("ping-body-limit")).toBe("100000");
      const tooLarge = await fetch(check.ping_url.replace(/^http:\/\/[^/]+/, url), { method: "POST", body: "x".repeat(250_000) });
      expect(tooLarge.status).toBe(400);
      const second = await fetch(`${url}/api/v3/checks/`, { method: "POST", headers: { "X-Api-Key": project.readWriteKey! }, body: '{"name": "two"}' });
      expect(second.status).toBe(403);
    } finally {
      run.child.kill("SIGTERM");
      await run.exit;
    }
    const bad = start(["--port", "0", "--ping-log-limit", "0"]);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toMatch(/^checks-fake-server: --ping-log-limit: pingLogLimit must be a positive integer, not "0"\n/);
  }, 60_000);

  it("turns off remote control with --no-control", async () => {
    const run = start(["--port", "0", "--no-control", "--clock", "virtual", "--compat", "live"]);
    const [, url] = await waitFor(run, /^Listening on (\S+)$/m);
    await waitFor(run, /^Remote control: off \(--no-control\)$/m);
    expect((await fetch(`${url}/__fake/clock`)).status).toBe(404);
    expect((await fetch(`${url}/api/v3/status/`)).status).toBe(200);
    run.child.kill("SIGTERM");
    expect(await run.exit).toBe(0);
  }, 90_000);
});

describe("checks-fake-server options", () => {
  it("has the documented defaults", () => {
    expect(parseCliArgs([])).toEqual({
      port: 8000,
      host: "127.0.0.1",
      compat: "seed",
      compatGiven: false,
      clock: "real",
      notifications: "send",
      vendorUrls: {},
      control: true,
      demo: false,
      limits: {},
      help: false,
      version: false,
    });
  });

  it("reads every option", () => {
    expect(
      parseCliArgs(["--port", "0", "--host", "::1", "--state", "s.json", "--compat", "live", "--seed", "7", "--clock", "virtual", "--notifications", "record", "--vendor-url", "pd=http://127.0.0.1:9/pd", "--vendor-url", "telegram=http://127.0.0.1:9", "--no-control", "--demo", "-h", "--version"]),
    ).toEqual({ port: 0, host: "::1", state: "s.json", compat: "live", compatGiven: true, seed: "7", clock: "virtual", notifications: "record", vendorUrls: { pd: "http://127.0.0.1:9/pd", telegram: "http://127.0.0.1:9" }, control: false, demo: true, limits: {}, help: true, version: true });
    expect(
      parseCliArgs(["--ping-body-limit", "none", "--api-body-limit", "0", "--check-limit", "0", "--ping-log-limit", "1000"]).limits,
    ).toEqual({ pingBodyLimit: null, apiBodyLimit: 0, checkLimit: 0, pingLogLimit: 1000 });
    expect(parseCliArgs(["--ping-body-limit", "100000"]).limits).toEqual({ pingBodyLimit: 100_000 });
    expect(USAGE).toMatch(/--no-control/);
    expect(parseCliArgs(["--attempt-timeout", "250"])).toMatchObject({ attemptTimeoutMs: 250 });
    expect(parseCliArgs([])).not.toHaveProperty("attemptTimeoutMs");
    expect(USAGE).toMatch(/--attempt-timeout <n> +ms one delivery attempt may take/);
    expect(parseCliArgs(["--control-token", "t0ken"])).toMatchObject({ control: true, controlToken: "t0ken" });
  });

  it.each([
    [["--port", "70000"], /--port must be a number from 0 to 65535/],
    [["--port", "-1"], /^--port must be a number from 0 to 65535, not "-1"$/],
    [["--check-limit", "-3"], /^--check-limit: checkLimit must be a non-negative integer, not "-3"$/],
    [["--port"], /^--port needs a value$/],
    [["--compat", "beta"], /--compat must be one of seed, live, not "beta"/],
    [["--clock", "slow"], /--clock must be one of real, virtual/],
    [["--notifications", "mail"], /--notifications must be one of send, record, not "mail"/],
    [["--attempt-timeout", "0"], /^--attempt-timeout must be a whole number of milliseconds from 1 to 2147483647, not "0"$/],
    [["--attempt-timeout", "30s"], /^--attempt-timeout must be a whole number of milliseconds from 1 to 2147483647, not "30s"$/],
    [["--attempt-timeout", "2147483648"], /^--attempt-timeout must be a whole number/],
    [["--vendor-url", "pagerduty=http://127.0.0.1:9"], /--vendor-url takes <kind>=<url> with a kind of apprise, call, .*, not "pagerduty=http:\/\/127.0.0.1:9"/],
    [["--vendor-url", "pd=ftp://x"], /--vendor-url pd= needs an http or https URL, not "ftp:\/\/x"/],
    [["--host", ""], /--host must not be empty/],
    [["--state", ""], /--state needs a file name/],
    [["--control-token", ""], /--control-token must not be empty/],
    [["--control-token", "t", "--no-control"], /--control-token and --no-control contradict each other/],
    [["--ping-body-limit", "10k"], /^--ping-body-limit: pingBodyLimit must be a non-negative integer or null, not "10k"$/],
    [["--ping-body-limit=-1"], /^--ping-body-limit: pingBodyLimit must be a non-negative integer or null, not "-1"$/],
    [["--api-body-limit", "1.5"], /^--api-body-limit: apiBodyLimit must be a non-negative integer, not "1.5"$/],
    [["--api-body-limit", "none"], /^--api-body-limit: apiBodyLimit must be a non-negative integer, not "none"$/],
    [["--check-limit=-3"], /^--check-limit: checkLimit must be a non-negative integer, not "-3"$/],
    [["--check-limit", "99999999999999999999"], /^--check-limit: checkLimit must be a non-negative integer, not "99999999999999999999"$/],
    [["--ping-log-limit", "0"], /^--ping-log-limit: pingLogLimit must be a positive integer, not "0"$/],
    [["--bogus"], /^unknown option --bogus \(--help lists the options\)$/],
    [["--demo=yes"], /^--demo takes no value$/],
    [["extra"], /^unexpected argument "extra": every option starts with -- \(--help lists the options\)$/],
  ])("refuses %j", (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(UsageError);
    expect(() => parseCliArgs(args)).toThrow(message);
  });
});
