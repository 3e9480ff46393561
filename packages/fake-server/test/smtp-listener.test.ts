/**
 * Real SMTP conversations with the fake's listener (`fake.listenSmtp()`):
 * every reply the service's own listener gives, recipients by UUID and by
 * slug, several recipients in one message (a repeated one pinging again),
 * the recipient bound, each keyword rule, the size limit, clients that drop
 * the connection, the connection bound, and a message sent with nodemailer.
 */
import { connect } from "node:net";
import { hostname } from "node:os";
import { createTransport } from "nodemailer";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { RunningSmtpServer } from "../src/index.js";
import { SMTP_MAX_CONNECTIONS, SMTP_MAX_RECIPIENTS, SMTP_MESSAGE_MAX_BYTES } from "../src/smtp/listener.js";
import { MULTIPART_REPORT, setup, type Setup } from "./helpers.js";
import { SmtpConversation } from "./smtp-client.js";

const DOMAIN = "hc.localhost";
const servers: RunningSmtpServer[] = [];
const conversations: SmtpConversation[] = [];

afterEach(async () => {
  for (const conversation of conversations.splice(0)) conversation.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: Parameters<typeof setup>[0] = {}): Promise<Setup & { smtp: RunningSmtpServer }> {
  const s = setup({ compat: "live", ...options });
  const smtp = await s.fake.listenSmtp();
  servers.push(smtp);
  return { ...s, smtp };
}

// Connects, sends `first`, and never closes its own side; resolves once the listener closed the connection (which
// shows when the client writes again: the socket is gone, and the write is reset).
async function stubbornlyOpen(port: number, first = ""): Promise<void> {
  const stubborn = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
  stubborn.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => stubborn.on("close", () => resolve()));
  stubborn.write(first);
  const poke = setInterval(() => stubborn.write("NOOP\r\n"), 200);
  await closed;
  clearInterval(poke);
}

async function open(smtp: RunningSmtpServer): Promise<SmtpConversation> {
  const { conversation } = await SmtpConversation.open(smtp.port);
  conversations.push(conversation);
  return conversation;
}

/** Sends `message` from `from` to `recipients` in one transaction; the replies to RCPT and to the end of DATA. */
async function send(smtp: RunningSmtpServer, recipients: string[], message: string, from = "backup@nas.example") {
  const conversation = await open(smtp);
  await conversation.command("EHLO client.example");
  await conversation.command(`MAIL FROM:<${from}>`);
  const rcpt: string[] = [];
  for (const to of recipients) rcpt.push(await conversation.command(`RCPT TO:<${to}>`));
  const data = await conversation.data(message);
  await conversation.quit();
  return { rcpt, data };
}

/** A conversation with one accepted recipient, ready for `DATA`. */
async function transaction(smtp: RunningSmtpServer, uuid: string): Promise<SmtpConversation> {
  const conversation = await open(smtp);
  await conversation.command("EHLO client.example");
  await conversation.command("MAIL FROM:<a@example.org>");
  expect(await conversation.command(`RCPT TO:<${uuid}@${DOMAIN}>`)).toBe("250 OK");
  return conversation;
}

async function pings(s: Setup, uuid: string) {
  return (await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/`)).json.pings as Array<Record<string, unknown>>;
}

const mail = (subject: string, body = "report"): string => `From: backup@nas.example\r\nSubject: ${subject}\r\n\r\n${body}\r\n`;

describe("the SMTP listener's replies", () => {
  test("greets, lists the service's EHLO extensions and size limit, and answers the service's way", async () => {
    const { smtp } = await start();
    expect(smtp.url).toBe(`smtp://127.0.0.1:${smtp.port}`);
    const { conversation, greeting } = await SmtpConversation.open(smtp.port);
    conversations.push(conversation);
    expect(greeting).toBe(`220 ${hostname()} Python SMTP 1.4.6`);
    expect(await conversation.command("EHLO client.example")).toBe(
      [`250-${hostname()}`, `250-SIZE ${SMTP_MESSAGE_MAX_BYTES}`, "250-8BITMIME", "250-SMTPUTF8", "250 HELP"].join("\r\n"),
    );
    expect(SMTP_MESSAGE_MAX_BYTES).toBe(33_554_432);
    expect(await conversation.command("HELO client.example")).toBe(`250 ${hostname()}`);
    expect(await conversation.command("NOOP")).toBe("250 OK");
    expect(await conversation.command("MAIL FROM:<a@example.org>")).toBe("250 OK");
    expect(await conversation.command("RSET")).toBe("250 OK");
    expect(await conversation.command("MAIL FROM:<a@example.org>")).toBe("250 OK");
    expect(await conversation.command("RCPT TO:<0b5f0d3e-bd13-4d1c-9fa3-8c9a2c6d6a4e@other.example>")).toBe("550 5.1.1 Recipient rejected");
    expect(await conversation.command(`RCPT TO:<0b5f0d3e-bd13-4d1c-9fa3-8c9a2c6d6a4e@HC.localhost>`)).toBe("550 5.1.1 Recipient rejected");
    expect(await conversation.command(`RCPT TO:<not-a-check@${DOMAIN}>`)).toBe("550 5.1.1 Invalid mailbox");
    expect(await conversation.command(`RCPT TO:<0b5f0d3e-bd13-1d1c-9fa3-8c9a2c6d6a4e@${DOMAIN}>`)).toBe("550 5.1.1 Invalid mailbox");
    expect(await conversation.command(`RCPT TO:<short+slug@${DOMAIN}>`)).toBe("550 5.1.1 Invalid mailbox");
    expect(await conversation.command(`RCPT TO:<0b5f0d3e-bd13-4d1c-9fa3-8c9a2c6d6a4e@${DOMAIN}>`)).toBe("250 OK");
    expect(await conversation.command("DATA")).toBe("354 End data with <CR><LF>.<CR><LF>");
    conversation.write("Subject: hi\r\n\r\nhello\r\n.\r\n");
    expect(await conversation.reply()).toBe("250 OK");
    expect(await conversation.quit()).toBe("221 Bye");
  });

  test("an unknown check or slug is accepted and makes no ping", async () => {
    const s = await start();
    const uuid = await s.create({ slug: "known" });
    const result = await send(s.smtp, [`0b5f0d3e-bd13-4d1c-9fa3-8c9a2c6d6a4e@${DOMAIN}`, `${s.project.pingKey}+unknown@${DOMAIN}`], mail("hi"));
    expect(result).toEqual({ rcpt: ["250 OK", "250 OK"], data: "250 OK" });
    expect(await pings(s, uuid)).toEqual([]);
  });

  test("listens on the domain set by pingEmailDomain", async () => {
    const s = await start({ pingEmailDomain: "pings.example.com" });
    const uuid = await s.create();
    const result = await send(s.smtp, [`${uuid}@pings.example.com`, `${uuid}@${DOMAIN}`], mail("hi"));
    expect(result.rcpt).toEqual(["250 OK", "550 5.1.1 Recipient rejected"]);
    expect(await pings(s, uuid)).toHaveLength(1);
  });
});

describe("a message received", () => {
  test("is one ping per recipient: scheme email, empty method, the sender in ua, the whole message as body", async () => {
    const s = await start();
    const first = await s.create({ name: "one" });
    const second = await s.create({ name: "two", slug: "nightly" });
    const message = "From: NAS <backup@nas.example>\r\nTo: ops\r\nSubject: done\r\n\r\nAll fine.\r\n..with a dot\r\n";
    const result = await send(s.smtp, [`${first.toUpperCase()}@${DOMAIN}`, `${s.project.pingKey}+nightly@${DOMAIN}`, `nobody@elsewhere.example`], message);
    expect(result).toEqual({ rcpt: ["250 OK", "250 OK", "550 5.1.1 Recipient rejected"], data: "250 OK" });
    for (const uuid of [first, second]) {
      const [entry] = await pings(s, uuid);
      expect(entry).toMatchObject({ type: "success", scheme: "email", method: "", ua: "Email from backup@nas.example", remote_addr: "127.0.0.1", rid: null });
      const body = await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/1/body`);
      expect(body.text).toBe(message);
      expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.status).toBe("up");
    }
  });

  test("a recipient named twice, in any case, pings twice, as each RCPT does in the service; a new transaction starts afresh", async () => {
    const s = await start();
    const uuid = await s.create({ name: "twice" });
    const result = await send(s.smtp, [`${uuid}@${DOMAIN}`, `${uuid.toUpperCase()}@${DOMAIN}`], mail("done"));
    expect(result).toEqual({ rcpt: ["250 OK", "250 OK"], data: "250 OK" });
    expect((await pings(s, uuid)).map((ping) => ping.n)).toEqual([2, 1]);

    const conversation = await transaction(s.smtp, uuid);
    expect(await conversation.command("RSET")).toBe("250 OK");
    expect(await conversation.command("MAIL FROM:<a@example.org>")).toBe("250 OK");
    expect(await conversation.command(`RCPT TO:<${uuid}@${DOMAIN}>`)).toBe("250 OK");
    expect(await conversation.data(mail("again"))).toBe("250 OK");
    expect(await pings(s, uuid)).toHaveLength(3);
  });

  test(`takes ${SMTP_MAX_RECIPIENTS} recipients a message, repeats included, and answers one more 452`, async () => {
    const s = await start({ pingLogLimit: 10 });
    const uuid = await s.create({ name: "many" });
    const conversation = await open(s.smtp);
    await conversation.command("EHLO client.example");
    await conversation.command("MAIL FROM:<a@example.org>");
    conversation.write(`RCPT TO:<${uuid}@${DOMAIN}>\r\n`.repeat(SMTP_MAX_RECIPIENTS + 1));
    const replies: string[] = [];
    for (let i = 0; i <= SMTP_MAX_RECIPIENTS; i++) replies.push(await conversation.reply());
    expect(replies.slice(0, SMTP_MAX_RECIPIENTS).every((reply) => reply === "250 OK")).toBe(true);
    expect(replies.at(-1)).toBe("452 4.5.3 Too many recipients");
    expect(await conversation.data(mail("flood"))).toBe("250 OK");
    const check = (await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json;
    expect(check.n_pings).toBe(SMTP_MAX_RECIPIENTS);
  });

  test("keeps bytes that are not UTF-8 as they came", async () => {
    const s = await start();
    const uuid = await s.create();
    const { smtp } = s;
    const conversation = await open(smtp);
    await conversation.command("HELO client.example");
    await conversation.command("MAIL FROM:<>");
    await conversation.command(`RCPT TO:<${uuid}@${DOMAIN}>`);
    await conversation.command("DATA");
    const latin1 = Uint8Array.from([...Buffer.from("Subject: caf"), 0xe9, 0x0d, 0x0a, 0x0d, 0x0a, 0xff, 0x0d, 0x0a]);
    conversation.write(latin1);
    conversation.write(".\r\n");
    expect(await conversation.reply()).toBe("250 OK");
    const [entry] = await pings(s, uuid);
    expect(entry!["ua"]).toBe("Email from <>");
    const check = s.fake.exportState().checks.find((c) => c.uuid === uuid)!;
    const stored = check.pings[0]!.body!;
    expect(Buffer.from(stored, "base64")).toEqual(Buffer.from(latin1));
  });

  test.each([
    ["success keyword", { filter_subject: true, success_kw: "SUCCESS" }, mail("[SUCCESS] Backup completed"), "success"],
    ["failure keyword", { filter_subject: true, failure_kw: "FAIL" }, mail("[FAIL] Backup did not complete"), "fail"],
    ["failure wins over success", { filter_subject: true, success_kw: "SUCCESS", failure_kw: "FAIL" }, mail("[SUCCESS] 1, [FAIL] 1"), "fail"],
    ["start keyword", { filter_subject: true, start_kw: "START" }, mail("[START] Starting backup..."), "start"],
    ["no keyword matches", { filter_subject: true, success_kw: "SUCCESS" }, mail("something else"), "ign"],
    ["default fail", { filter_subject: true, success_kw: "SUCCESS", filter_default_fail: true }, mail("something else"), "fail"],
    ["encoded subject", { filter_subject: true, success_kw: "SUCCESS" }, mail("=?US-ASCII?B?W1NVQ0NFU1NdIEJhY2t1cCBjb21wbGV0ZWQ=?="), "success"],
    ["the body, not the subject", { filter_body: true, success_kw: "SUCCESS" }, mail("SUCCESS", "nothing here"), "ign"],
    ["a plain body", { filter_body: true, success_kw: "SUCCESS" }, mail("report", "Body goes here, SUCCESS."), "success"],
    ["an HTML part turned to text", { filter_body: true, success_kw: "SUCCESS" }, MULTIPART_REPORT, "success"],
    ["no filter at all", { success_kw: "NEVER" }, mail("anything"), "success"],
  ])("%s", async (_, settings, message, type) => {
    const s = await start();
    const uuid = await s.create(settings);
    expect((await send(s.smtp, [`${uuid}@${DOMAIN}`], message)).data).toBe("250 OK");
    const [entry] = await pings(s, uuid);
    expect(entry!["type"]).toBe(type);
  });

  test("a message over the size limit is refused with 552 and pings nothing; the connection goes on", async () => {
    const s = await start();
    const uuid = await s.create();
    const conversation = await transaction(s.smtp, uuid);
    expect(await conversation.command("DATA")).toMatch(/^354 /);
    const line = `${"x".repeat(998)}\r\n`;
    const chunk = line.repeat(1024);
    for (let sent = 0; sent <= SMTP_MESSAGE_MAX_BYTES; sent += chunk.length) conversation.write(chunk);
    conversation.write(".\r\n");
    expect(await conversation.reply()).toBe("552 Error: Too much mail data");
    expect(await pings(s, uuid)).toEqual([]);
    expect(await conversation.command("MAIL FROM:<a@example.org>")).toBe("250 OK");
    expect(await conversation.command(`RCPT TO:<${uuid}@${DOMAIN}>`)).toBe("250 OK");
    expect(await conversation.data(mail("small"))).toBe("250 OK");
    expect(await pings(s, uuid)).toHaveLength(1);
  });

  test("a message arriving in pieces, its final dot split from its CRLF, is whole", async () => {
    const s = await start();
    const uuid = await s.create();
    const conversation = await transaction(s.smtp, uuid);
    expect(await conversation.command("DATA")).toMatch(/^354 /);
    const pieces = ["Subject: pie", "ces\r", "\n\r\n.", ".dot\r\nlast line\r\n", ".", "\r", "\n"];
    for (const piece of pieces) {
      conversation.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await conversation.reply()).toBe("250 OK");
    const [ping] = s.fake.pings(uuid);
    expect(Buffer.from(ping!.body!, "base64").toString()).toBe("Subject: pieces\r\n\r\n.dot\r\nlast line\r\n");
  });

  test("a client that disconnects in the middle of a message pings nothing, and the listener serves the next one", async () => {
    const s = await start();
    const uuid = await s.create();
    const conversation = await transaction(s.smtp, uuid);
    await conversation.command("DATA");
    conversation.write("Subject: half\r\n\r\nthe first half of");
    conversation.destroy();
    await conversation.closed;
    expect((await send(s.smtp, [`${uuid}@${DOMAIN}`], mail("whole"))).data).toBe("250 OK");
    const entries = await pings(s, uuid);
    expect(entries).toHaveLength(1);
    expect(await s.rwCall("GET", `/api/v3/checks/${uuid}/pings/1/body`)).toMatchObject({ text: mail("whole") });
  });

  test(`serves ${SMTP_MAX_CONNECTIONS} connections at once and turns away one more`, async () => {
    const { smtp } = await start();
    const open16 = await Promise.all(Array.from({ length: SMTP_MAX_CONNECTIONS }, () => SmtpConversation.open(smtp.port)));
    for (const { conversation, greeting } of open16) {
      conversations.push(conversation);
      expect(greeting).toMatch(/^220 /);
    }
    const { conversation, greeting } = await SmtpConversation.open(smtp.port);
    conversations.push(conversation);
    expect(greeting).toBe(`421 ${hostname()} Too many connected clients, try again in a moment`);
  });

  test("closes a client that keeps its side open after QUIT", async () => {
    const { smtp } = await start();
    await stubbornlyOpen(smtp.port, "QUIT\r\n");
  });

  test("closes a turned-away client that keeps its side open, and counts only the connections it serves", async () => {
    const { smtp } = await start();
    const open16 = await Promise.all(Array.from({ length: SMTP_MAX_CONNECTIONS }, () => SmtpConversation.open(smtp.port)));
    for (const { conversation } of open16) conversations.push(conversation);
    await stubbornlyOpen(smtp.port);
    open16[0]?.conversation.destroy();
    // The listener learns of the close a moment after the client.
    let greeting = "";
    for (let tries = 0; tries < 50 && !greeting.startsWith("220 "); tries++) {
      const next = await SmtpConversation.open(smtp.port);
      conversations.push(next.conversation);
      greeting = next.greeting;
      if (!greeting.startsWith("220 ")) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(greeting).toMatch(/^220 /);
  });

  test("takes mail from nodemailer", async () => {
    const s = await start();
    const uuid = await s.create({ filter_subject: true, failure_kw: "FAIL" });
    const transport = createTransport({ host: "127.0.0.1", port: s.smtp.port, secure: false, ignoreTLS: true });
    const info = await transport.sendMail({ from: "cron@host.example", to: `${uuid}@${DOMAIN}`, subject: "[FAIL] nightly", text: "exit 1" });
    transport.close();
    expect(info.accepted).toEqual([`${uuid}@${DOMAIN}`]);
    const [entry] = await pings(s, uuid);
    expect(entry).toMatchObject({ type: "fail", scheme: "email", ua: "Email from cron@host.example" });
    expect((await s.rwCall("GET", `/api/v3/checks/${uuid}`)).json.status).toBe("down");
  });
});

describe("the listener's time limit", () => {
  async function trickle(conversation: SmtpConversation, text: string, everyMs: number): Promise<void> {
    for (const char of text) {
      if (conversation.isClosed) return;
      conversation.write(char);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }

  test("a command line trickling in is cut off when the limit passes without a whole command", async () => {
    const s = setup({ compat: "live" });
    const smtp = await s.fake.listenSmtp({ timeoutMs: 400 });
    servers.push(smtp);
    const conversation = await open(smtp);
    const started = Date.now();
    void trickle(conversation, `NOOP ${"x".repeat(200)}\r\n`, 20);
    await conversation.closed;
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(3_000);
  });

  test("runs on real time even under a test's fake timers", async () => {
    const s = setup({ compat: "live" });
    const smtp = await s.fake.listenSmtp({ timeoutMs: 300 });
    servers.push(smtp);
    vi.useFakeTimers();
    try {
      const conversation = await open(smtp);
      await conversation.closed;
    } finally {
      vi.useRealTimers();
    }
  });

  test("a message trickling in is cut off when the limit passes after DATA, and pings nothing", async () => {
    const s = setup({ compat: "live" });
    const uuid = await s.create();
    const smtp = await s.fake.listenSmtp({ timeoutMs: 400 });
    servers.push(smtp);
    const conversation = await transaction(smtp, uuid);
    expect(await conversation.command("DATA")).toMatch(/^354 /);
    // Each line is complete, yet lines are not commands: the limit runs on.
    void trickle(conversation, "line\r\n".repeat(200), 5);
    await conversation.closed;
    expect(s.fake.pings(uuid)).toEqual([]);
  });

  test("commands keep a connection open; a bad value is refused", async () => {
    const s = setup({ compat: "live" });
    const smtp = await s.fake.listenSmtp({ timeoutMs: 1_000 });
    servers.push(smtp);
    const conversation = await open(smtp);
    // Longer than the limit in all, each command well within it.
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await conversation.command("NOOP")).toBe("250 OK");
    }
    await expect(s.fake.listenSmtp({ timeoutMs: 0 })).rejects.toThrow(RangeError);
  });
});

describe("a message that pings several times", () => {
  test("is kept once and written once in the state, however many pings hold it", async () => {
    const s = await start();
    const one = await s.create();
    const other = await s.create();
    const message = mail("shared", `${"x".repeat(99)}\r\n`.repeat(100));
    expect((await send(s.smtp, [`${one}@${DOMAIN}`, `${one}@${DOMAIN}`, `${other}@${DOMAIN}`], message)).data).toBe("250 OK");
    const state = s.fake.exportState();
    expect(state.bodies).toHaveLength(1);
    const pings = state.checks.flatMap((check) => check.pings);
    expect(pings.map((ping) => [ping.body, ping.sharedBody])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
    expect(JSON.stringify(state).length).toBeLessThan(20_000);
    const again = setup({ compat: "live" }).fake;
    again.importState(state);
    for (const uuid of [one, other]) expect(again.pings(uuid)).toEqual(s.fake.pings(uuid));
    expect(Buffer.from(again.pings(other)[0]!.body!, "base64").toString()).toBe(message);
    expect(() => again.importState({ ...state, bodies: [] })).toThrow(/checks\[\d\]\.pings\[0\]\.sharedBody is not the index of one of the 0 shared bodies/);
    expect(() => again.importState({ ...state, bodies: ["%%%"] })).toThrow(/bodies\[0\] is not base64/);
  });
});
