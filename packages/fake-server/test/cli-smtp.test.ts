/**
 * The CLI's email flags: `--smtp-port` starts the SMTP listener (its URL in
 * the banner), `--email-domain` sets the ping addresses' domain, and
 * `--smtp-relay` sends the alert emails on to an SMTP server.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { parseCliArgs } from "../src/cli/args.js";
import { UsageError } from "../src/cli/flags.js";
import { banner } from "../src/cli/banner.js";
import { FakeServerClient } from "../src/index.js";
import { listening, start, waitFor } from "./cli-process.js";
import { SmtpConversation } from "./smtp-client.js";
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

  it("a 31 MiB email ping to one check, named 14 times, then a crash: nothing acknowledged is lost", async () => {
    const dir = await mkdtemp(join(tmpdir(), "checks-fake-smtp-state-"));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, "state.json");
    const args = ["--port", "0", "--smtp-port", "0", "--state", file];
    const first = start(args);
    closers.push(async () => void (first.child.exitCode === null && first.child.kill("SIGKILL")));
    const url = await listening(first);
    const port = Number((await waitFor(first, /^Email pings \(SMTP\): smtp:\/\/127\.0\.0\.1:(\d+)/m))[1]);
    const control = new FakeServerClient({ url });
    const project = await control.createProject();
    const check = await control.createCheck(project.id, { name: "nightly" });
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/ping/${check.uuid}`)).status).toBe(200);

    const { conversation } = await SmtpConversation.open(port);
    await conversation.command("EHLO nas.example");
    await conversation.command("MAIL FROM:<nas@example.net>");
    for (let i = 0; i < 14; i++) expect(await conversation.command(`RCPT TO:<${check.uuid}@hc.localhost>`)).toBe("250 OK");
    expect(await conversation.command("DATA")).toMatch(/^354 /);
    const line = `${"x".repeat(998)}\r\n`;
    const message = `Subject: full backup log\r\n\r\n${line.repeat(Math.floor((31 * 1024 * 1024) / line.length))}`;
    conversation.write(`${message}.\r\n`);
    expect(await conversation.reply()).toBe("250 OK");
    await conversation.quit();
    const later = await control.createCheck(project.id, { name: "created after the mail" });

    // Kill once the file holds the last change (saves follow changes within about a second).
    let seen = 0;
    const saved = async (): Promise<boolean> => {
      const modified = (await stat(file).catch(() => undefined))?.mtimeMs ?? 0;
      if (modified === seen) return false;
      seen = modified;
      return (await readFile(file, "utf8")).includes(later.uuid);
    };
    for (let waited = 0; !(await saved()); waited += 200) {
      expect(waited, "the state was never saved").toBeLessThan(30_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    first.child.kill("SIGKILL");
    await first.exit;

    const second = start(args);
    closers.push(async () => void (second.child.exitCode === null && second.child.kill("SIGKILL")));
    const secondUrl = await listening(second);
    const headers = { "X-Api-Key": project.readWriteKey ?? "" };
    const list = (await (await fetch(`${secondUrl}/api/v3/checks/${check.uuid}/pings/`, { headers })).json()) as { pings: { n: number; scheme: string }[] };
    expect(list.pings.map((ping) => ping.scheme)).toEqual([...Array<string>(14).fill("email"), ...Array<string>(5).fill("http")]);
    for (const n of [6, 19]) {
      const body = await fetch(`${secondUrl}/api/v3/checks/${check.uuid}/pings/${n}/body`, { headers });
      expect(body.status).toBe(200);
      expect((await body.arrayBuffer()).byteLength).toBe(message.length);
    }
    expect((await fetch(`${secondUrl}/api/v3/checks/${later.uuid}`, { headers })).status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exit).toBe(0);
  }, 120_000);
});
