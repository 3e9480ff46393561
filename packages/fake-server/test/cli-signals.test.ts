import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, listening, run, start } from "./cli-process.js";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "checks-fake-signals-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const projectNames = async (file: string): Promise<string[]> =>
  (JSON.parse(await readFile(file, "utf8")) as { projects: { name: string }[] }).projects.map((project) => project.name);

describe.concurrent("stopping the CLI", () => {
  it("stops the server and saves the state when the pid of npm start gets SIGTERM, leaving no orphan", async () => {
    const file = join(dir, "npm-start.json");
    // Its own process group, so that whatever is left can be cleaned up whatever happens.
    const npm = run("npm", ["start", "--", "--port", "0", "--state", file], { detached: true });
    try {
      const url = await listening(npm);
      expect(await answers(url)).toBe(true);
      npm.child.kill("SIGTERM");
      expect(await npm.exit).toBe(0);
      expect(npm.stderr()).toMatch(/SIGTERM received: shutting down/);
      expect(await answers(url)).toBe(false);
      expect(await projectNames(file)).toEqual(["Demo project"]);
    } finally {
      if (npm.child.pid !== undefined) {
        try {
          process.kill(-npm.child.pid, "SIGKILL");
        } catch {
          // The group is gone: nothing was left behind.
        }
      }
    }
  }, 90_000);

  it("stops and saves on SIGHUP", async () => {
    const file = join(dir, "hup.json");
    const cli = start(["--port", "0", "--state", file, "--demo"]);
    const url = await listening(cli);
    cli.child.kill("SIGHUP");
    expect(await cli.exit).toBe(0);
    expect(cli.stderr()).toMatch(/SIGHUP received: shutting down\nstate saved to /);
    expect(await answers(url)).toBe(false);
    expect(await projectNames(file)).toEqual(["Demo project"]);
  }, 60_000);

  it("takes a second SIGINT right after the first (a Ctrl-C seen twice, through npm) as the same stop", async () => {
    const file = join(dir, "int.json");
    const cli = start(["--port", "0", "--state", file, "--demo"]);
    await listening(cli);
    cli.child.kill("SIGINT");
    cli.child.kill("SIGINT");
    expect(await cli.exit).toBe(0);
    expect(cli.stderr()).not.toMatch(/again/);
    expect(await projectNames(file)).toEqual(["Demo project"]);
  }, 60_000);
});
