/**
 * Alert emails as the outbox records them: the "Projects Overview" rules
 * (order, unnamed projects, whose address gets it), the header fields, the
 * HTML part beside the plain text, and the last ping attached when it came
 * by email.
 */
import { describe, expect, test } from "vitest";
import type { SentEmail } from "../src/index.js";
import { ping, setupCatching } from "./notify-helpers.js";

/** A fake with one project of an account whose user is `owner`, an email channel to `to`, and a check that went down. */
async function downAlert(owner: string, to: string, projects: string[] = []): Promise<SentEmail> {
  const s = setupCatching();
  const project = s.fake.createProject({ name: "Main", account: "acct", ownerEmail: owner });
  for (const name of projects) s.fake.createProject({ name, account: "acct" });
  s.fake.addChannel(project.id, { kind: "email", value: to });
  const check = s.fake.createCheck(project.id, { name: "nightly", channels: "*" });
  await ping(s, `${check.ping_url!.split("/").pop()!}/fail`);
  await s.fake.settled();
  const [record] = s.fake.notifications();
  return record!.email!;
}

function overviewLines(email: SentEmail): string[] {
  const text = email.text;
  const start = text.indexOf("Projects Overview:\n------------------\n");
  if (start < 0) return [];
  return text.slice(start).split("\n").slice(2).filter((line) => line.startsWith("* "));
}

describe("the projects overview", () => {
  test("lists the user's projects sorted by lower-cased name, an unnamed one under the owner's address", async () => {
    const email = await downAlert("ops@example.org", "ops@example.org", ["beta", "Zed", "", "alpha", "Alpha 2"]);
    expect(overviewLines(email)).toEqual([
      "* ops@example.org: OK, all checks up",
      "* alpha: OK, all checks up",
      "* Alpha 2: OK, all checks up",
      "* beta: OK, all checks up",
      "* Main: 1 check down",
      "* Zed: OK, all checks up",
    ]);
    const links = [...email.html.matchAll(/<a href="[^"]*\/projects\/[0-9a-f-]{36}\/checks\/">([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(links).toEqual(["ops@example.org", "alpha", "Alpha 2", "beta", "Main", "Zed"]);
    expect(email.html).toContain("<b>1 check down</b>");
  });

  test("appears only when the channel's address is the owner's exactly, letter case included", async () => {
    const other = await downAlert("Ops@Example.org", "ops@example.org", ["beta"]);
    expect(overviewLines(other)).toEqual([]);
    expect(other.text).not.toContain("Projects Overview");
    expect(other.html).not.toContain("Projects Overview");
    const same = await downAlert("Ops@Example.org", "Ops@Example.org", ["beta"]);
    expect(overviewLines(same)).toEqual(["* beta: OK, all checks up", "* Main: 1 check down"]);
  });
});

describe("an alert email's message", () => {
  test("has the service's header fields in its order, and an HTML part", async () => {
    const email = await downAlert("owner@example.org", "oncall@example.net");
    const headers = new Map(email.headers);
    expect(email.headers.map(([name]) => name)).toEqual([
      "Content-Type",
      "MIME-Version",
      "Subject",
      "From",
      "To",
      "Date",
      "List-Unsubscribe",
      "List-Unsubscribe-Post",
      "Message-ID",
    ]);
    expect(headers.get("Content-Type")).toBe("multipart/alternative");
    expect(headers.get("MIME-Version")).toBe("1.0");
    expect(headers.get("Subject")).toBe("DOWN | nightly");
    expect(headers.get("From")).toBe("healthchecks@example.org");
    expect(headers.get("To")).toBe("oncall@example.net");
    expect(headers.get("Date")).toBe("Wed, 01 Jan 2020 00:00:00 -0000");
    const unsubscribe = /^Unsubscribe: (.*)$/m.exec(email.text)![1]!;
    expect(headers.get("List-Unsubscribe")).toBe(`<${unsubscribe}>`);
    expect(headers.get("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(headers.get("Message-ID")).toMatch(/^<157783680000\.\d+\.\d+@example\.org>$/);
    expect(email.html).toMatch(/^<!DOCTYPE html>\n/);
    expect(email.html).toContain('"nightly" is DOWN (received a failure signal).');
    expect(email.html).toContain(`<a href="${unsubscribe}" target="_blank"`);
    expect(email.attachments).toEqual([]);
  });

  test("escapes names in the HTML part but not in the plain text", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "email", value: "ops@example.org" });
    const check = s.fake.createCheck(s.project.id, { name: `<b>"x" & 'y'</b>`, channels: "*" });
    await ping(s, `${check.ping_url!.split("/").pop()!}/fail`);
    await s.fake.settled();
    const email = s.fake.notifications()[0]!.email!;
    expect(email.text).toContain(`The check "<b>"x" & 'y'</b>" has gone down.`);
    expect(email.html).toContain(`"&lt;b&gt;&quot;x&quot; &amp; &#x27;y&#x27;&lt;/b&gt;" is DOWN`);
  });

  test("attaches a last ping that came by email as last-ping.eml, without the messages it carried", async () => {
    const s = setupCatching(undefined, { compat: "live" });
    s.fake.addChannel(s.project.id, { kind: "email", value: "ops@example.org" });
    const uuid = await s.create({ name: "nas", filter_subject: true, failure_kw: "FAIL", channels: "*" });
    const raw = [
      "From: nas@example.net",
      "Subject: [FAIL] backup",
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "--outer",
      "Content-Type: text/plain",
      "",
      "disk full",
      "--outer",
      "Content-Type: message/rfc822",
      "",
      "Subject: an older alert",
      "",
      "nested",
      "--outer--",
      "",
    ].join("\r\n");
    expect(s.fake.deliverEmail({ to: `${uuid}@hc.localhost`, from: "nas@example.net", raw })).toEqual({ outcome: "recorded", type: "fail" });
    await s.fake.settled();
    const email = s.fake.notifications()[0]!.email!;
    expect(new Map(email.headers).get("Content-Type")).toBe("multipart/mixed");
    expect(email.attachments).toHaveLength(1);
    const [file] = email.attachments;
    expect(file!.filename).toBe("last-ping.eml");
    expect(file!.contentType).toBe("message/rfc822");
    expect(file!.content).toContain("Subject: [FAIL] backup");
    expect(file!.content).toContain("disk full");
    expect(file!.content).not.toContain("an older alert");
    expect(email.text).toContain("Last ping subject: [FAIL] backup");
    expect(email.text).toContain("---------------\nSee the attachment.\n");
    expect(email.html).toContain("<p><b>Last Ping Subject</b><br>[FAIL] backup</p>");
    expect(email.html).toContain("<p>See the attachment.</p>");
  });

  test("the outbox hands out copies: changing a record's headers changes nothing kept", async () => {
    const s = setupCatching();
    s.fake.addChannel(s.project.id, { kind: "email", value: "ops@example.org" });
    const uuid = await s.create({ channels: "*" });
    await ping(s, `${uuid}/fail`);
    await s.fake.settled();
    const first = s.fake.notifications()[0]!.email!;
    first.headers[0]![1] = "changed";
    first.attachments.push({ filename: "x", contentType: "text/plain", content: "" });
    const again = s.fake.notifications()[0]!.email!;
    expect(again.headers[0]![1]).toBe("multipart/alternative");
    expect(again.attachments).toEqual([]);
  });
});
