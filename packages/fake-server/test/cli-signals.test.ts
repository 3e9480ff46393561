import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { answers, listening, run, start, type Run } from "./cli-process.js";

const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

/** Kills what is left of a process group started with `detached: true`. */
function killGroup(started: Run): void {
  if (started.child.pid === undefined) return;
  try {
    process.kill(-started.child.pid, "SIGKILL");
  } catch {
    // The group is gone: nothing was left behind.
  }
}

/** Polls until `url` stops answering, or `ms` have passed. */
async function goesQuiet(url: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!(await answers(url))) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

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

  it("stops cleanly on a SIGTERM sent the moment the first line appears", async () => {
    // Several at once, so that a busy machine widens any gap between the line and the signal handlers.
    const runs = Array.from({ length: 4 }, () => start(["--port", "0"]));
    for (const started of runs) started.child.stdout.once("data", () => started.child.kill("SIGTERM"));
    for (const started of runs) {
      expect(await started.exit).toBe(0);
      expect(started.stderr()).toMatch(/SIGTERM received: shutting down/);
    }
  }, 60_000);

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

  it("stops and saves when the pid of `npm exec -c` (what the bin runs under) gets SIGTERM, leaving no orphan", async () => {
    const file = join(dir, "npx.json");
    const command = `node --import tsx ${cli} --port 0 --state ${file} --demo`;
    const npmExec = run("npm", ["exec", "--offline", "-c", command], { detached: true });
    try {
      const url = await listening(npmExec);
      npmExec.child.kill("SIGTERM");
      expect(await goesQuiet(url, 20_000)).toBe(true);
      expect(await projectNames(file)).toEqual(["Demo project"]);
    } finally {
      killGroup(npmExec);
    }
  }, 90_000);

  it("under npm, stops and saves when its parent shell dies without passing a signal on", async () => {
    const file = join(dir, "orphan.json");
    // `; true` keeps the shell from replacing itself with node, as npm's shell does.
    const script = `"${process.execPath}" --import tsx ${cli} --port 0 --state ${file} --demo; true`;
    const shell = run("sh", ["-c", script], { detached: true, env: { ...process.env, npm_command: "exec" } });
    try {
      const url = await listening(shell);
      shell.child.kill("SIGKILL");
      expect(await goesQuiet(url, 20_000)).toBe(true);
      await shell.exit; // the pipes close once the server itself has exited
      expect(shell.stderr()).toMatch(/npm, the parent process, exited: shutting down\nstate saved to /);
      expect(await projectNames(file)).toEqual(["Demo project"]);
    } finally {
      killGroup(shell);
    }
  }, 90_000);

  it("outside npm, keeps running when its parent goes (a detached server is what was asked for)", async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("npm_")));
    const shell = run("sh", ["-c", `"${process.execPath}" --import tsx ${cli} --port 0; true`], { detached: true, env });
    try {
      const url = await listening(shell);
      shell.child.kill("SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await answers(url)).toBe(true);
    } finally {
      killGroup(shell);
    }
  }, 90_000);
});
