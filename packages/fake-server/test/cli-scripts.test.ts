/**
 * The CLI as scripts use it: a reader that closes the pipe early, `--version`,
 * hosts and ports that cannot be used (exit status 2 with a message that
 * says why), and what the banner prints to get started.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { banner, publicUrl, type BannerInput } from "../src/cli/banner.js";
import { controlAccess } from "../src/cli/control-access.js";
import { FAKE_SERVER_VERSION } from "../src/cli/version.js";
import { answers, listening, start } from "./cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "cli-scripts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("checks-fake-server in scripts", () => {
  it("stops cleanly and quietly, saving its state, when the reader has closed stdout", async () => {
    const stateFile = join(dir, "closed-pipe.json");
    const cli = start(["--port", "0", "--demo", "--state", stateFile]);
    // The reader is gone before the first line is written, as after `| head -3`.
    cli.child.stdout.destroy();
    expect(await cli.exit).toBe(0);
    expect(cli.stderr()).not.toMatch(/EPIPE|Error|at /);
    expect(cli.stderr()).toMatch(/state saved to/);
    expect(JSON.parse(readFileSync(stateFile, "utf8")).projects).toHaveLength(1);
  });

  it("prints its version with --version", async () => {
    const cli = start(["--version"]);
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toBe(`checks-fake-server ${FAKE_SERVER_VERSION}\n`);
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(FAKE_SERVER_VERSION).toBe(manifest.version);
  });

  it.each([
    [["--host", "999.1.1.1"], /--host must be an IP address or a host name, not "999\.1\.1\.1"/],
    // TEST-NET-1: never an address of this machine.
    [["--host", "192.0.2.1", "--port", "0"], /--host 192\.0\.2\.1 is not an address of this machine/],
  ])("exits with status 2 for %j", async (args, message) => {
    const cli = start(args);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr()).not.toMatch(/getaddrinfo|EADDRNOTAVAIL|\n\s+at /);
    expect(cli.stdout()).toBe("");
  });

  it("exits with status 2 when the port is in use, and says what to do", async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const cli = start(["--port", String(port)]);
      expect(await cli.exit).toBe(2);
      expect(cli.stderr()).toContain(`port ${port} is already in use on 127.0.0.1`);
      expect(cli.stderr()).toContain("--port 0 picks a free one");
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it("without --demo, prints the command that creates a first project, and the control URL answers an index", async () => {
    const cli = start(["--port", "0"]);
    try {
      const url = await listening(cli);
      await expect.poll(() => cli.stdout()).toMatch(/curl -X POST \S+\n/);
      const command = /curl -X POST (\S+)/.exec(cli.stdout())![1]!;
      expect(command).toBe(`${url}/__fake/projects`);
      const project = (await (await fetch(command, { method: "POST" })).json()) as { readWriteKey: string };
      const checks = await fetch(`${url}/api/v3/checks/`, { headers: { "X-Api-Key": project.readWriteKey } });
      expect(checks.status).toBe(200);
      const controlUrl = /^Remote control: (\S+)/m.exec(cli.stdout())![1]!;
      const index = await fetch(controlUrl);
      expect(index.status).toBe(200);
      expect(await index.json()).toMatchObject({ endpoints: expect.arrayContaining([expect.objectContaining({ method: "POST", path: "/__fake/projects" })]) });
    } finally {
      cli.child.kill("SIGTERM");
      expect(await cli.exit).toBe(0);
    }
    expect(await answers("http://127.0.0.1:1")).toBe(false);
  });

  it("with --demo, prints an export line whose variables reach the demo project", async () => {
    const cli = start(["--port", "0", "--demo"]);
    try {
      const url = await listening(cli);
      await expect.poll(() => cli.stdout()).toMatch(/^ {2}export .*\n/m);
      const line = /^ {2}export (.*)$/m.exec(cli.stdout())![1]!;
      const env = Object.fromEntries(line.split(" ").map((word) => word.split("=", 2) as [string, string]));
      expect(env["CHECKS_API_URL"]).toBe(url);
      expect(env["CHECKS_API_KEY"]).toMatch(/^hcw_/);
      expect(env["CHECKS_API_READONLY_KEY"]).toMatch(/^hcr_/);
      const listed = await fetch(`${env["CHECKS_API_URL"]}/api/v3/checks/`, { headers: { "X-Api-Key": env["CHECKS_API_READONLY_KEY"]! } });
      expect(((await listed.json()) as { checks: unknown[] }).checks).toHaveLength(6);
      // CHECK_UUID, which the guides' examples ping, is the demo's "Nightly backups".
      const check = await fetch(`${url}/api/v3/checks/${env["CHECK_UUID"]}`, { headers: { "X-Api-Key": env["CHECKS_API_KEY"]! } });
      expect(await check.json()).toMatchObject({ name: "Nightly backups", slug: "nightly-backups" });
    } finally {
      cli.child.kill("SIGTERM");
      expect(await cli.exit).toBe(0);
    }
  });
});

describe("the banner", () => {
  const project = { id: "p", name: "Demo project", readWriteKey: "hcw_x", readOnlyKey: "hcr_y", pingKey: "k" };
  const input = (overrides: Partial<BannerInput>): BannerInput => ({
    url: "http://127.0.0.1:8000",
    controlPrefix: "/__fake",
    host: "127.0.0.1",
    access: { token: undefined, source: "none", exposed: false },
    demo: undefined,
    projects: [],
    ...overrides,
  });

  it("lines up the demo's columns", () => {
    const checks = [
      { name: "Nightly backups", uuid: "u1", status: "up" },
      { name: "Certificate renewal", uuid: "u2", status: "paused" },
      { name: "Sync", uuid: "u3", status: "grace" },
    ];
    const demo = { project, checks } as unknown as BannerInput["demo"];
    const rows = banner(input({ demo })).out.filter((line) => line.includes("/ping/"));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.indexOf("http://"))).size).toBe(1);
    expect(new Set(rows.map((row, i) => row.indexOf(checks[i]!.name))).size).toBe(1);
  });

  it("shows the token header in the first-project command when control needs one, and nothing when projects exist", () => {
    const access = { token: "secret", source: "given", exposed: false } as const;
    expect(banner(input({ access })).out.join("\n")).toContain('curl -X POST -H "Authorization: Bearer <control token>" http://127.0.0.1:8000/__fake/projects');
    expect(banner(input({ projects: [{ ...project, checks: 2 }] })).out.join("\n")).not.toContain("curl");
    expect(banner(input({ controlPrefix: undefined })).out.join("\n")).toContain("--demo");
  });

  it("prints the dashboard's address, with the token only when it was generated (and printed anyway)", () => {
    const dashboard = (access: BannerInput["access"]) => banner(input({ access })).out.filter((line) => line.startsWith("Dashboard:"));
    const off = banner(input({ controlPrefix: undefined })).out;
    expect(dashboard({ token: undefined, source: "none", exposed: false })).toEqual(["Dashboard: http://127.0.0.1:8000/__fake/ui"]);
    expect(dashboard({ token: "secret", source: "given", exposed: false })).toEqual(["Dashboard: http://127.0.0.1:8000/__fake/ui?token=<control token>"]);
    expect(dashboard({ token: "g3n", source: "generated", exposed: true })).toEqual(["Dashboard: http://127.0.0.1:8000/__fake/ui?token=g3n"]);
    expect(off.filter((line) => line.startsWith("Dashboard:"))).toEqual([]);
  });

  it("lists the projects of a state file with their keys, the shell line when one is alone, and counts those past five", () => {
    const one = banner(input({ projects: [{ ...project, name: "e2e", checks: 1 }] })).out.join("\n");
    expect(one).toContain('Projects from the state file:\n  "e2e" (p): 1 check\n    read-write key: hcw_x\n    read-only key:  hcr_y\n    ping key:       k');
    expect(one).toContain("export CHECKS_API_URL=http://127.0.0.1:8000 CHECKS_API_KEY=hcw_x CHECKS_API_READONLY_KEY=hcr_y CHECKS_PING_KEY=k");
    const many = Array.from({ length: 7 }, (_, i) => ({ ...project, id: `p${i}`, name: `project ${i}`, readOnlyKey: null, checks: i }));
    const lines = banner(input({ projects: many })).out.join("\n");
    expect(lines).toContain('"project 4" (p4): 4 checks\n    read-write key: hcw_x\n    read-only key:  (none)');
    expect(lines).not.toContain("project 5");
    expect(lines).toContain("… and 2 more");
    expect(lines).not.toContain("export");
  });

  it("prints a usable URL for wildcard and numeric hosts", () => {
    expect(publicUrl(8000, "0", "0.0.0.0")).toBe("http://localhost:8000");
    expect(publicUrl(8000, "::", "::")).toBe("http://localhost:8000");
    expect(publicUrl(8000, "127.1", "127.0.0.1")).toBe("http://127.0.0.1:8000");
    expect(publicUrl(8000, "localhost", "::1")).toBe("http://localhost:8000");
    expect(publicUrl(8000, "::ffff:127.0.0.1", "::ffff:127.0.0.1")).toBe("http://[::ffff:127.0.0.1]:8000");
  });

  it("takes IPv4-mapped loopback for loopback, and a wildcard for beyond this machine", () => {
    const mapped = controlAccess({ host: "::ffff:127.0.0.1", control: true }, {});
    expect(mapped.exposed).toBe(false);
    expect(banner(input({ host: "::ffff:127.0.0.1", access: mapped })).err).toEqual([]);
    expect(controlAccess({ host: "0.0.0.0", control: true }, {}).exposed).toBe(true);
  });
});
