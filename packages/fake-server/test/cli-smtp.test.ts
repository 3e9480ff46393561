/**
 * The CLI's email flags: `--smtp-port` starts the SMTP listener (its URL in
 * the banner), `--email-domain` sets the ping addresses' domain, and
 * `--smtp-relay` sends the alert emails on to an SMTP server.
 */
import { createTransport } from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { parseCliArgs } from "../src/cli/args.js";
import { UsageError } from "../src/cli/flags.js";
import { banner } from "../src/cli/banner.js";
import { FakeServerClient } from "../src/index.js";
import { listening, start, waitFor } from "./cli-process.js";
import { startSmtpReceiver } from "./smtp-receiver.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe("the CLI's email flags", () => {
  it("reads them and refuses bad values", () => {
    expect(parseCliArgs(["--smtp-port", "0", "--email-domain", "pings.example.com", "--smtp-relay", "smtp://127.0.0.1:1025"])).toMatchObject({
      smtpPort: 0,
      emailDomain: "pings.example.com",
      smtpRelay: "smtp://127.0.0.1:1025",
    });
    expect(parseCliArgs([])).not.toHaveProperty("smtpPort");
    for (const [args, message] of [
      [["--smtp-port", "70000"], /^--smtp-port must be a number from 0 to 65535, not "70000"$/],
      [["--email-domain", "a b"], /^--email-domain must be a domain name/],
      [["--email-domain", ""], /^--email-domain must be a domain name/],
      [["--smtp-relay", "http://127.0.0.1:1025"], /^--smtp-relay must be an smtp:\/\/host:port URL/],
      [["--smtp-relay", "smtp://127.0.0.1:99999"], /^--smtp-relay must be an smtp:\/\/host:port URL/],
      [["--smtp-relay", "smtp://user:pw@127.0.0.1:25"], /^--smtp-relay must be an smtp:\/\/host:port URL/],
    ] as const) {
      expect(() => parseCliArgs([...args]), args.join(" ")).toThrow(UsageError);
      expect(() => parseCliArgs([...args]), args.join(" ")).toThrow(message);
    }
  });

  it("prints the listener's URL and addresses in the banner", () => {
    const lines = banner({
      url: "http://127.0.0.1:8000",
      controlPrefix: "/__fake",
      host: "127.0.0.1",
      access: { source: "none", token: undefined, exposed: false } as never,
      demo: undefined,
      projects: [{ id: "p", name: "e2e", readWriteKey: "hcw_x", readOnlyKey: "hcr_y", pingKey: "k", checks: 0 }],
      smtp: { url: "smtp://127.0.0.1:2525", domain: "hc.localhost" },
    }).out;
    expect(lines).toContain("Email pings (SMTP): smtp://127.0.0.1:2525  (mail to <uuid>@hc.localhost or <ping key>+<slug>@hc.localhost)");
  });

  it("takes email pings over SMTP and relays the alert they cause", async () => {
    const relay = await startSmtpReceiver(closers);
    const cli = start(["--port", "0", "--smtp-port", "0", "--email-domain", "pings.test", "--smtp-relay", relay.url, "--clock", "virtual"]);
    closers.push(async () => void (cli.child.exitCode === null && cli.child.kill("SIGKILL")));
    const url = await listening(cli);
    const port = Number((await waitFor(cli, /^Email pings \(SMTP\): smtp:\/\/127\.0\.0\.1:(\d+) {2}\(mail to <uuid>@pings\.test or <ping key>\+<slug>@pings\.test\)$/m))[1]);
    const control = new FakeServerClient({ url });
    const project = await control.createProject();
    await control.addChannel(project.id, { kind: "email", value: "ops@example.org" });
    const check = await control.createCheck(project.id, { filter_subject: true, failure_kw: "FAIL", channels: "*" });
    const transport = createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: "nas@example.net", to: `${check.uuid}@pings.test`, subject: "[FAIL] backup", text: "disk full" });
    transport.close();
    await control.settled();
    const [record] = await control.notifications();
    expect(record).toMatchObject({ error: "", sent: true, flip: { status: "down", reason: "fail" }, email: { to: "ops@example.org", subject: `DOWN | ${check.uuid}` } });
    expect(relay.received.map((message) => message.parsed.subject)).toEqual([`DOWN | ${check.uuid}`]);
    expect(record!.email!.attachments.map((file) => file.filename)).toEqual(["last-ping.eml"]);
    cli.child.kill("SIGTERM");
    expect(await cli.exit).toBe(0);
  }, 60_000);
});
