/**
 * A message to many checks is parsed once: the MIME parser is counted
 * while one message over SMTP pings many keyword-filtering checks.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import type { RunningSmtpServer } from "../src/index.js";
import * as mime from "../src/model/email/mime.js";
import { setup } from "./helpers.js";
import { SmtpConversation } from "./smtp-client.js";

vi.mock("../src/model/email/mime.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/model/email/mime.js")>();
  return { ...original, parseEntity: vi.fn(original.parseEntity) };
});

const servers: RunningSmtpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("a message to many checks", () => {
  test("is parsed once, whatever the number of recipients and filters", async () => {
    const s = setup({ compat: "live", checkLimit: 100 });
    const uuids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const filters = i % 3 === 0 ? { filter_subject: true } : i % 3 === 1 ? { filter_body: true } : { filter_subject: true, filter_body: true };
      uuids.push(await s.create({ ...filters, success_kw: `done-${i}`, failure_kw: "FAIL" }));
    }
    const smtp = await s.fake.listenSmtp();
    servers.push(smtp);
    const { conversation } = await SmtpConversation.open(smtp.port);
    await conversation.command("EHLO client.example");
    await conversation.command("MAIL FROM:<job@example.org>");
    for (const uuid of uuids) expect(await conversation.command(`RCPT TO:<${uuid}@hc.localhost>`)).toBe("250 OK");
    const parses = vi.mocked(mime.parseEntity);
    parses.mockClear();
    expect(await conversation.data("Subject: nightly done-7\r\n\r\nAll done-8, no FAIL.\r\n")).toBe("250 OK");
    // Once for the filters; each alert reads only the header block of the last ping.
    const whole = parses.mock.calls.filter(([text]) => text.includes("All done-8"));
    expect(whole).toHaveLength(1);
    await conversation.quit();
    // The body says FAIL; a subject-only filter sees no keyword of its own.
    expect(uuids.map((uuid) => s.fake.pings(uuid)[0]?.type)).toEqual(uuids.map((_, i) => (i % 3 === 0 ? "ign" : "fail")));
  });
});
