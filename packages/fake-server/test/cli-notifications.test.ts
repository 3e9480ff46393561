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
