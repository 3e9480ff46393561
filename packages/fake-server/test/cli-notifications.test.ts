import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FakeServerClient } from "../src/index.js";
import { listening, start } from "./cli-process.js";
import { webhook } from "./notify-helpers.js";
import { startRawReceiver } from "./notify-raw-receiver.js";
import { startReceiver } from "./notify-receiver.js";

describe("the CLI's notifications", () => {
  it("sends webhooks by default and only records them with --notifications record", async () => {
    const receiver = await startReceiver();
    try {
      for (const mode of ["send", "record"]) {
        const cli = start(["--port", "0", "--clock", "virtual", ...(mode === "record" ? ["--notifications", "record"] : [])]);
        const url = await listening(cli);
        const control = new FakeServerClient({ url });
        const project = await control.createProject();
        await control.addChannel(project.id, { kind: "webhook", value: webhook({ url: `${receiver.url}/${mode}`, body: "$STATUS" }) });
        const check = await control.createCheck(project.id, { channels: "*" });
        expect((await fetch(`${url}/ping/${check.uuid}/fail`)).status).toBe(200);
        await control.settled();
        const [record] = await control.notifications();
        expect(record).toMatchObject({ error: "", flip: { status: "down", reason: "fail" } });
        expect(record!.requests.map((request) => [request.url, request.body, request.status])).toEqual([
          [`${receiver.url}/${mode}`, "down", mode === "send" ? 200 : null],
        ]);
        cli.child.kill("SIGTERM");
        expect(await cli.exit).toBe(0);
      }
      expect(receiver.received.map((request) => request.path)).toEqual(["/send"]);
    } finally {
      await receiver.close();
    }
  }, 60_000);

  // The service's shortest period plus grace is two minutes: the test moves
  // the real clock to a second before the check is due, then asks nothing
  // more of the fake until the alert has arrived and the state file holds it.
  it("on the real clock, alerts when a check that stopped pinging is due, with no request, and saves the flip", async () => {
    const receiver = await startReceiver();
    const directory = await mkdtemp(join(tmpdir(), "checks-fake-real-clock-"));
    const stateFile = join(directory, "state.json");
    const cli = start(["--port", "0", "--state", stateFile]);
    try {
      const url = await listening(cli);
      const control = new FakeServerClient({ url });
      const project = await control.createProject();
      await control.addChannel(project.id, { kind: "webhook", value: webhook({ url: `${receiver.url}/down`, body: "$NAME is $STATUS" }) });
      const check = await control.createCheck(project.id, { name: "backup", timeout: 60, grace: 60, channels: "*" });
      expect((await fetch(`${url}/ping/${check.uuid}`)).status).toBe(200);
      await control.clock.advance(119_000);
      const movedAt = Date.now();
      while (receiver.received.length === 0) {
        if (Date.now() - movedAt > 30_000) throw new Error("no alert 30 s after the check was due");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(receiver.received.map((request) => [request.path, request.body.toString()])).toEqual([["/down", "backup is down"]]);
      // The flip goes to the state file on the saver's next round, still with no request.
      const flips = async () => (JSON.parse(await readFile(stateFile, "utf8")) as { checks: Array<{ flips: Array<{ reason: string }> }> }).checks[0]!.flips;
      while (!(await flips()).some((flip) => flip.reason === "timeout")) {
        if (Date.now() - movedAt > 30_000) throw new Error("the flip was not saved");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [record] = await control.notifications();
      expect(record).toMatchObject({ error: "", flip: { status: "down", reason: "timeout" } });
      // Only the ping reached the service: time alone did the rest.
      expect((await control.journal()).map((entry) => entry.operation)).toEqual(["ping"]);
    } finally {
      cli.child.kill("SIGTERM");
      await cli.exit;
      await receiver.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it("gives up on a hanging receiver after --attempt-timeout, three times", async () => {
    const receiver = await startRawReceiver(() => "hang");
    const cli = start(["--port", "0", "--notifications", "send", "--attempt-timeout", "200"]);
    try {
      const url = await listening(cli);
      const control = new FakeServerClient({ url });
      const project = await control.createProject();
      await control.addChannel(project.id, { kind: "webhook", value: webhook({ method: "GET", url: `http://${receiver.host}/hang` }) });
      const check = await control.createCheck(project.id, { channels: "*" });
      await fetch(`${url}/ping/${check.uuid}/fail`);
      await control.settled();
      const [record] = await control.notifications();
      expect(record).toMatchObject({ error: "Connection timed out" });
      expect(receiver.received).toHaveLength(3);
    } finally {
      cli.child.kill("SIGTERM");
      await cli.exit;
      await receiver.close();
    }
  }, 60_000);
});
