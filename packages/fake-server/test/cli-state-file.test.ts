import { spawnSync } from "node:child_process";
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServerClient } from "../src/index.js";
import { checkStatePath, compatOf, loadStateFile, SAVE_INTERVAL_MS, StateFileError, StateFileSaver } from "../src/cli/state-file.js";
import { STATE_FILE_MAX_BYTES, statePieces } from "../src/cli/state-text.js";
import { FakeServer } from "../src/fake-server.js";
import { listening, start } from "./cli-process.js";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "checks-fake-state-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.concurrent("the --state file of a running CLI", () => {
  it("survives a SIGKILL: a check created 1.5 s before is there after a restart", async () => {
    const file = join(dir, "durable.json");
    const first = start(["--port", "0", "--state", file]);
    const url = await listening(first);
    const control = new FakeServerClient({ url });
    const project = await control.createProject({ name: "durable" });
    const check = await control.createCheck(project.id, { name: "kept after a kill", timeout: 3600 });
    await sleep(1_500);
    first.child.kill("SIGKILL");
    expect(await first.exit).toBeNull();

    const second = start(["--port", "0", "--state", file]);
    const secondUrl = await listening(second);
    expect(second.stderr()).toMatch(/loaded state from/);
    const found = await fetch(`${secondUrl}/api/v3/checks/${check.uuid}`, { headers: { "X-Api-Key": project.readWriteKey ?? "" } });
    expect(found.status).toBe(200);
    expect(((await found.json()) as { name: string }).name).toBe("kept after a kill");
    second.child.kill("SIGTERM");
    expect(await second.exit).toBe(0);
  }, 90_000);

  it("refuses a file of an unknown version at start: one message, exit status 2, the file untouched", async () => {
    const file = join(dir, "future.json");
    const text = '{"version": 99, "projects": []}';
    await writeFile(file, text);
    const run = start(["--port", "0", "--state", file]);
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toBe(
      `checks-fake-server: ${file} is not a state document this server can load (invalid state document: version 99 is not one this fake reads (it reads version 1)); it was left untouched\n`,
    );
    expect(run.stdout()).toBe("");
    expect(await readFile(file, "utf8")).toBe(text);
  }, 60_000);

  it("keeps a symbolic link as it is and saves to the file it points to, created if missing", async () => {
    const target = join(dir, "linked-target.json");
    const link = join(dir, "link.json");
    await symlink(target, link);
    const run = start(["--port", "0", "--state", link]);
    const url = await listening(run);
    await new FakeServerClient({ url }).createProject({ name: "through a link" });
    run.child.kill("SIGTERM");
    expect(await run.exit).toBe(0);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(target, "utf8")).projects[0].name).toBe("through a link");
  }, 60_000);

  it("removes at start the temporaries killed saves of this file left, and nothing else", async () => {
    const own = await mkdtemp(join(dir, "stale-"));
    const file = join(own, "state.json");
    await writeFile(file, JSON.stringify(new FakeServer().exportState()));
    // Process ids that no longer run: children that have exited.
    const [dead, other] = [0, 1].map(() => spawnSync(process.execPath, ["-e", ""]).pid);
    const stale = [`state.json.${dead}.tmp`, `state.json.${other}.tmp`];
    const kept = [
      `state.json.${process.pid}.tmp`, // a live process: it may be saving right now
      `state.json.${dead}.tmp.bak`,
      `state.json.0${dead}.tmp`,
      `state.json.x${dead}.tmp`,
      `state.json.${dead}.${other}.tmp`,
      `other.json.${dead}.tmp`,
      `xstate.json.${dead}.tmp`,
      `state.json${dead}.tmp`,
    ];
    for (const name of [...stale, ...kept]) await writeFile(join(own, name), '{"version": 1, "projects": [{"readWriteKey": "');
    await mkdir(join(own, `state.json.${spawnSync(process.execPath, ["-e", ""]).pid}.tmp`));
    const run = start(["--port", "0", "--state", file]);
    await listening(run);
    expect(run.stderr()).toContain(`removed what saves killed mid-write left behind: ${stale.join(", ")}`);
    run.child.kill("SIGTERM");
    expect(await run.exit).toBe(0);
    const left = (await readdir(own)).sort();
    expect(left.filter((name) => !stale.includes(name))).toHaveLength(left.length);
    for (const name of kept) expect(left).toContain(name);
    expect(left).toHaveLength(kept.length + 2);
  }, 60_000);

  it("keeps its keys from other users: a new file is readable by its owner only, an existing one keeps its mode", async () => {
    const fresh = join(dir, "private.json");
    const shared = join(dir, "shared.json");
    await writeFile(shared, JSON.stringify(new FakeServer().exportState()));
    await chmod(shared, 0o640);
    const save = async (file: string): Promise<number | null> => {
      const run = start(["--port", "0", "--state", file]);
      await new FakeServerClient({ url: await listening(run) }).createProject({ name: "keys" });
      run.child.kill("SIGTERM");
      return run.exit;
    };
    expect(await Promise.all([save(fresh), save(shared)])).toEqual([0, 0]);
    expect((await stat(fresh)).mode & 0o777).toBe(0o600);
    expect((await stat(shared)).mode & 0o777).toBe(0o640);
  }, 60_000);

  it("refuses a file that is not JSON without quoting any of it", async () => {
    const file = join(dir, "unquoted.json");
    const fake = new FakeServer();
    const key = fake.createProject().readWriteKey ?? "";
    const text = JSON.stringify(fake.exportState()).replace(`"${key}"`, key);
    await writeFile(file, text);
    const run = start(["--port", "0", "--state", file]);
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toMatch(/ is not a state document this server can load \(not JSON: /);
    expect(run.stderr()).not.toContain(key.slice(0, 8));
    expect(await readFile(file, "utf8")).toBe(text);
  }, 60_000);

  it("refuses a state file in a missing directory at start, with exit status 2", async () => {
    const run = start(["--port", "0", "--state", join(dir, "no", "such", "dir", "x.json")]);
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toMatch(/^checks-fake-server: cannot use --state .*x\.json: directory .*dir does not exist\n$/);
  }, 60_000);
});

describe("checking the state file at start", () => {
  it("refuses a directory as the file", async () => {
    await expect(checkStatePath(dir)).rejects.toThrow(new StateFileError(`cannot use --state ${dir}: it is not a regular file`));
  });

  it("accepts a file whose temporary file a killed save left behind", async () => {
    const file = join(dir, "interrupted.json");
    await writeFile(`${file}.${process.pid}.tmp`, '{"version": 1, "cl');
    await checkStatePath(file);
    await expect(stat(`${file}.${process.pid}.tmp`)).rejects.toThrow(/ENOENT/);
  });

  it("accepts a new file in a writable directory, leaving nothing behind", async () => {
    await checkStatePath(join(dir, "new.json"));
    expect(await loadStateFile(join(dir, "new.json"))).toBeUndefined();
  });

  it.each([
    ["not JSON", "{oops", /\(not JSON: /],
    ["JSON of another kind", "[1, 2]", /\(invalid state document: the document is not a JSON object\)/],
    ["empty", "", /\(not JSON: /],
    ["a state document with a duplicate key", "DUPLICATE", /projects\[1\]\.readWriteKey repeats the API key of projects\[0\]\.readWriteKey/],
  ])("refuses a file %s with a StateFileError", async (name, content, message) => {
    const file = join(dir, `${name.replaceAll(" ", "-")}.json`);
    let text = content;
    if (content === "DUPLICATE") {
      const fake = new FakeServer();
      fake.createProject();
      fake.createProject();
      const state = fake.exportState();
      state.projects[1]!.readWriteKey = state.projects[0]!.readWriteKey;
      text = JSON.stringify(state);
    }
    await writeFile(file, text);
    const failure = await loadStateFile(file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StateFileError);
    expect((failure as Error).message).toMatch(`${file} is not a state document this server can load (`);
    expect((failure as Error).message).toMatch(message);
    expect(await readFile(file, "utf8")).toBe(text);
  });
});

describe("StateFileSaver", () => {
  it("writes only when the state changed, atomically, and not for a real clock's passing time", async () => {
    const file = join(dir, "saver.json");
    const fake = new FakeServer({ clock: { mode: "real" } });
    const saver = new StateFileSaver(file, fake, "real", () => undefined);
    expect(await saver.save()).toBe(true);
    const first = await stat(file);
    await sleep(5);
    expect(await saver.save()).toBe(false);

    // A request that changes nothing moves the revision but writes nothing.
    await fake.handle(new Request("http://localhost:8000/api/v3/status/"));
    expect(await saver.save()).toBe(false);
    expect((await stat(file)).mtimeMs).toBe(first.mtimeMs);

    fake.createProject({ name: "changed" });
    expect(await saver.save()).toBe(true);
    const saved = JSON.parse(await readFile(file, "utf8"));
    expect(saved.projects[0].name).toBe("changed");
    // The file carries the mode it was written in, which the CLI serves it in.
    expect(saved.compat).toBe("seed");
    expect(compatOf(file, saved, undefined)).toBe("seed");
    expect(() => compatOf(file, saved, "live")).toThrow(/was written by a fake in seed mode, and --compat live would serve it otherwise/);
    await saver.stop();
  });

  it("saves a virtual clock's move, and keeps saves in order", async () => {
    const file = join(dir, "virtual.json");
    const fake = new FakeServer({ clock: { start: "2026-01-01T00:00:00Z" } });
    const saver = new StateFileSaver(file, fake, "virtual", () => undefined);
    await saver.save();
    fake.clock.advance(60_000);
    const [a, b] = await Promise.all([saver.save(), saver.save()]);
    expect([a, b]).toEqual([true, false]);
    expect(JSON.parse(await readFile(file, "utf8")).clock).toBe(Date.parse("2026-01-01T00:01:00Z"));
  });

  it("reports a failed periodic save once, however often it retries, and says so when a retry succeeds", async () => {
    const gone = join(dir, "gone");
    const file = join(gone, "x.json");
    const errors: string[] = [];
    const fake = new FakeServer();
    const saver = new StateFileSaver(file, fake, "virtual", (message) => errors.push(message));
    saver.start();
    fake.createProject({ name: "kept through failed saves" });
    await sleep(SAVE_INTERVAL_MS * 3.5);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^could not save the state to .*x\.json: ENOENT/);
    await mkdir(gone);
    while (errors.length < 2) await sleep(50);
    expect(errors[1]).toBe(`saved the state to ${file} again`);
    expect(JSON.parse(await readFile(file, "utf8")).projects[0].name).toBe("kept through failed saves");
    await rm(gone, { recursive: true });
    fake.createProject();
    await expect(saver.stop()).rejects.toThrow(/ENOENT/);
  }, 20_000);

  it("writes the document in pieces that make the JSON text of the state on one line, ping bodies included", async () => {
    const fake = new FakeServer({ clock: { start: "2026-01-01T00:00:00Z" } });
    const project = fake.createProject();
    fake.createCheck(project.id, { name: "empty" });
    const uuid = fake.createCheck(project.id, { name: "pinged" }).ping_url!.split("/").pop()!;
    for (const body of ["a", "b".repeat(5000), ""]) await fake.handle(new Request(`http://localhost:8000/ping/${uuid}`, { method: "POST", body }));
    const state = fake.exportState();
    const pieces = [...statePieces(state)];
    const text = pieces.map((piece) => piece.text).join("");
    expect(text.endsWith("}\n") && !text.slice(0, -1).includes("\n")).toBe(true);
    expect(JSON.parse(text)).toEqual(state);
    expect(pieces.filter((piece) => piece.clock).map((piece) => piece.text)).toEqual([String(state.clock)]);
    // No piece holds more than one ping.
    expect(Math.max(...pieces.map((piece) => piece.text.length))).toBeLessThan(8_000);
    const empty = new FakeServer().exportState();
    expect(JSON.parse([...statePieces(empty)].map((piece) => piece.text).join(""))).toEqual(empty);
  });

  it("writes each shared ping body as a piece of its own", () => {
    const fake = new FakeServer({ clock: { start: "2026-01-01T00:00:00Z" } });
    fake.createCheck(fake.createProject().id);
    const bodies = ["a", "b", "c"].map((letter) => Buffer.from(letter.repeat(5000)).toString("base64"));
    const state = { ...fake.exportState(), bodies };
    const pieces = [...statePieces(state)].map((piece) => piece.text);
    expect(JSON.parse(pieces.join(""))).toEqual(state);
    // Many email messages of up to 32 MiB each never make one string.
    for (const body of bodies) expect(pieces.filter((piece) => piece.includes(body))).toHaveLength(1);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(8_000);
  });

  it("refuses to load a file past the largest a state file may be, leaving it untouched", async () => {
    const file = join(dir, "huge.json");
    await writeFile(file, "");
    await truncate(file, STATE_FILE_MAX_BYTES + 1);
    await expect(loadStateFile(file)).rejects.toThrow(new StateFileError(`cannot read --state ${file}: it is 536870889 bytes, more than a state file may be (536870888 bytes, about 512 MiB)`));
    expect((await stat(file)).size).toBe(STATE_FILE_MAX_BYTES + 1);
    await rm(file);
  });
});
