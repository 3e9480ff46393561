/**
 * The SMTP listener against the service's own: every case of
 * fixtures/smtp/aiosmtpd-dialogue.json (the replies the service's listener
 * gave, byte for byte, and the pings it recorded) replayed on a fresh
 * connection to `fake.listenSmtp()`.
 */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { afterEach, describe, expect, test } from "vitest";
import type { RunningSmtpServer } from "../src/index.js";
import { setup } from "./helpers.js";
import { SmtpConversation } from "./smtp-client.js";

interface Step {
  send?: string;
  repeat?: { line: string; times: number; then?: string };
  reply: string | null;
}
interface Case {
  name: string;
  greeting: string;
  steps: Step[];
  pings?: { to: string; ua: string; type: string; bodyBytes: number }[];
}
interface Fixture {
  checks: Record<string, Record<string, unknown>>;
  cases: Case[];
}

const fixture = JSON.parse(readFileSync(new URL("fixtures/smtp/aiosmtpd-dialogue.json", import.meta.url), "utf8")) as Fixture;
const servers: RunningSmtpServer[] = [];
const conversations: SmtpConversation[] = [];

afterEach(async () => {
  for (const conversation of conversations.splice(0)) conversation.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Sends a step's bytes, in pieces for a large one. */
function send(conversation: SmtpConversation, step: Step, uuids: Map<string, string>): void {
  const swap = (text: string): string => {
    let out = text;
    for (const [from, to] of uuids) out = out.replaceAll(from, to).replaceAll(from.toUpperCase(), to.toUpperCase());
    return out;
  };
  if (step.send !== undefined) return conversation.write(Buffer.from(swap(step.send), "utf8"));
  const { line, times, then = "" } = step.repeat!;
  const block = line.repeat(1024);
  for (let sent = 0; sent < times; sent += 1024) conversation.write(sent + 1024 <= times ? block : line.repeat(times - sent));
  conversation.write(then);
}

describe("the SMTP dialogue is the service's", () => {
  test.each(fixture.cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const s = setup({ compat: "live" });
    const uuids = new Map<string, string>();
    for (const [uuid, settings] of Object.entries(fixture.checks)) uuids.set(uuid, await s.create(settings));
    const smtp = await s.fake.listenSmtp();
    servers.push(smtp);
    const { conversation, greeting } = await SmtpConversation.open(smtp.port);
    conversations.push(conversation);
    const host = (text: string): string => text.replaceAll("HOSTNAME", hostname());
    expect(greeting).toBe(host(c.greeting));
    for (const step of c.steps) {
      send(conversation, step, uuids);
      expect(await conversation.reply(), JSON.stringify(step.send ?? "repeat").slice(0, 80)).toBe(step.reply === null ? "" : host(step.reply));
    }
    if (!c.pings) return;
    const recorded = [...uuids.values()].flatMap((uuid) =>
      s.fake.pings(uuid).map((ping) => ({ uuid, type: ping.type, ua: ping.ua, bodyBytes: ping.body === null ? 0 : Buffer.from(ping.body, "base64").length })),
    );
    const expected = c.pings.map((ping) => ({
      uuid: uuids.get(ping.to.split("@")[0]!.toLowerCase()),
      type: ping.type,
      ua: ping.ua,
      bodyBytes: ping.bodyBytes,
    }));
    expect(recorded).toEqual(expected);
  }, 30_000);
});
