/**
 * The SMTP relay for alert emails (`notifications.smtpRelay`): a local SMTP
 * receiver gets each alert the outbox records, parsed back into the same
 * header fields, parts and attachment; a relay that refuses the message is
 * recorded as the service records an SMTP failure.
 */
import { createServer, type AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { FakeServer } from "../src/index.js";
import { RELAY_ATTEMPTS } from "../src/smtp/relay.js";
import { START } from "./helpers.js";
import { startSmtpReceiver } from "./smtp-receiver.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A fake relaying to `relay`, a project with an email channel (and a webhook after it), and a check. */
function fakeWith(relay: string) {
  const caught: string[] = [];
  const fake = new FakeServer({
    compat: "live",
    seed: "relay",
    clock: { start: START },
    notifications: { smtpRelay: relay, fetch: async (request) => (caught.push(request.url), new Response("ok")) },
  });
  closers.push(() => fake.close());
  const project = fake.createProject({ name: "Ops" });
  const email = fake.addChannel(project.id, { kind: "email", value: "oncall@example.net" });
  fake.addChannel(project.id, {
    kind: "webhook",
    value: JSON.stringify({ method_down: "GET", url_down: "http://hooks.example/down", body_down: "", headers_down: {}, method_up: "GET", url_up: "", body_up: "", headers_up: {} }),
  });
  const check = fake.createCheck(project.id, { name: "nas backup", filter_subject: true, failure_kw: "FAIL", channels: "*" });
  const uuid = check.ping_url!.split("/").pop()!;
  return { fake, project, email, uuid, caught };
}

const PING = ["From: nas@example.net", "To: ignored", "Subject: [FAIL] backup", "", "disk full", ""].join("\r\n");

describe("the SMTP relay", () => {
  test("sends each alert email as the service would: header fields, plain and HTML parts, last-ping.eml", async () => {
    const relay = await startSmtpReceiver(closers);
    const { fake, uuid, caught } = fakeWith(relay.url);
    expect(fake.options.notifications.smtpRelay).toBe(relay.url);
    expect(fake.deliverEmail({ to: `${uuid}@hc.localhost`, from: "nas@example.net", raw: PING }).type).toBe("fail");
    await fake.settled();
    const [record] = fake.notifications();
    expect(record!.error).toBe("");
    expect(caught).toEqual(["http://hooks.example/down"]);
    const sent = record!.email!;
    expect(relay.received).toHaveLength(1);
    const { from, to, parsed, raw } = relay.received[0]!;
    expect({ from, to }).toEqual({ from: "healthchecks@example.org", to: ["oncall@example.net"] });
    const headers = new Map(sent.headers);
    expect(parsed.from?.text).toBe(headers.get("From"));
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("oncall@example.net");
    expect(parsed.subject).toBe("DOWN | nas backup");
    expect(parsed.messageId).toBe(headers.get("Message-ID"));
    expect(raw.toString("latin1")).toMatch(/^Date: Wed, 01 Jan 2020 00:00:00 -0000\r$/m);
    // Folded as the service folds it: unfolded, the same value.
    expect(raw.toString("latin1").replace(/\r\n[ \t]/g, " ")).toContain(`List-Unsubscribe: ${headers.get("List-Unsubscribe")}\r\n`);
    expect(raw.toString("latin1")).toContain("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    // The parser appends the parts of an attached message to the message's own.
    expect(parsed.text!.startsWith(sent.text)).toBe(true);
    expect((parsed.html || "").startsWith(sent.html)).toBe(true);
    const text = raw.toString("utf8");
    expect(text).toMatch(/\r\nContent-Type: message\/rfc822; name=last-ping\.eml\r\n/);
    expect(text).toMatch(/\r\nContent-Disposition: attachment; filename=last-ping\.eml\r\n\r\n/);
    const attached = text.slice(text.indexOf("filename=last-ping.eml\r\n\r\n") + 26);
    expect(attached.startsWith(PING)).toBe(true);
  });

  test("a check that went down by an HTTP ping: the same plain and HTML parts, no attachment", async () => {
    const relay = await startSmtpReceiver(closers);
    const { fake, uuid } = fakeWith(relay.url);
    expect((await fake.handle(new Request(`http://localhost:8000/ping/${uuid}/fail`))).status).toBe(200);
    await fake.settled();
    const sent = fake.notifications()[0]!.email!;
    const { parsed } = relay.received[0]!;
    expect(parsed.text).toBe(sent.text);
    expect(parsed.html).toBe(sent.html);
    expect(parsed.attachments).toEqual([]);
    expect(parsed.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
  });

  test("a relay that refuses the message: three attempts, the record stays Sending, the integration's last error is kept", async () => {
    const relay = await startSmtpReceiver(closers, { code: 554, message: "5.6.0 Message rejected" });
    const { fake, email, project, uuid, caught } = fakeWith(relay.url);
    fake.deliverEmail({ to: `${uuid}@hc.localhost`, from: "nas@example.net", raw: PING });
    await fake.settled();
    expect(relay.attempts()).toBe(RELAY_ATTEMPTS);
    const records = fake.notifications();
    expect(records.map((r) => [r.channel.kind, r.error])).toEqual([
      ["email", "Sending"],
      ["webhook", ""],
    ]);
    expect(records[0]!.email!.to).toBe("oncall@example.net");
    expect(caught).toEqual(["http://hooks.example/down"]);
    expect(fake.channels(project.id).find((c) => c.id === email.id)!.lastError).toBe("");
  });

  test("a group whose email member the relay refuses: the member stays Sending, the group counts it as failed", async () => {
    const relay = await startSmtpReceiver(closers, { code: 554, message: "5.6.0 Message rejected" });
    const { fake, project, email, caught } = fakeWith(relay.url);
    const hook = fake.channels(project.id).find((channel) => channel.kind === "webhook")!;
    const group = fake.addChannel(project.id, { kind: "group", name: "everyone", value: `${email.id},${hook.id}` });
    const check = fake.createCheck(project.id, { name: "grouped", channels: group.id });
    await fake.handle(new Request(`${check.ping_url}/fail`));
    await fake.settled();
    expect(fake.notifications().map((r) => [r.channel.kind, r.error])).toEqual([
      ["group", "1 out of 2 notifications failed"],
      ["email", "Sending"],
      ["webhook", ""],
    ]);
    expect(caught).toEqual(["http://hooks.example/down"]);
  });

  test("a relay that cannot be reached: the record stays Sending, the other integrations are notified", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { fake, uuid, caught } = fakeWith(`smtp://127.0.0.1:${port}`);
    fake.deliverEmail({ to: `${uuid}@hc.localhost`, from: "nas@example.net", raw: PING });
    await fake.settled();
    expect(fake.notifications().map((r) => r.error)).toEqual(["Sending", ""]);
    expect(caught).toEqual(["http://hooks.example/down"]);
  });

  test("a relay that drops the connection is tried three times", async () => {
    let connections = 0;
    const dropping = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => dropping.close(() => resolve())));
    const { port } = dropping.address() as AddressInfo;
    const { fake, uuid } = fakeWith(`smtp://127.0.0.1:${port}`);
    fake.deliverEmail({ to: `${uuid}@hc.localhost`, from: "nas@example.net", raw: PING });
    await fake.settled();
    expect(connections).toBe(RELAY_ATTEMPTS);
    expect(fake.notifications()[0]!.error).toBe("Sending");
  });

  test("refuses a relay that is not an smtp:// URL", () => {
    for (const bad of ["http://127.0.0.1:25", "smtp://", "smtp://user:pw@host:25", "smtp://host:25/path", "not a url"]) {
      expect(() => new FakeServer({ notifications: { smtpRelay: bad } }), bad).toThrow(/notifications\.smtpRelay must be an smtp:\/\/host:port URL/);
    }
    expect(new FakeServer({ notifications: { smtpRelay: "smtp://mail.test" } }).options.notifications.smtpRelay).toBe("smtp://mail.test:25");
  });
});
