import { describe, expect, it } from "vitest";
import { renderAlert } from "../src/model/kinds/registry.js";
import type { AlertView, EmailAlert, HttpAlert } from "../src/model/notify/view.js";
import { NOW, alertView } from "./notify-view.js";

const SLACK = "https://hooks.test/slack";
const encoder = new TextEncoder();

function withBody(body: string, over: Partial<NonNullable<AlertView["lastPing"]>> = {}): AlertView["lastPing"] {
  return { ...(alertView().lastPing as NonNullable<AlertView["lastPing"]>), body: encoder.encode(body), ...over };
}

/** The JSON payload of a chat delivery. */
function payload(view: AlertView): Record<string, unknown> & { attachments: Array<Record<string, unknown>> } {
  const rendered = renderAlert(view) as HttpAlert;
  expect(rendered.type).toBe("http");
  return JSON.parse(new TextDecoder().decode(rendered.body as Uint8Array));
}

function email(view: Parameters<typeof alertView>[0] = {}): EmailAlert {
  const rendered = renderAlert(alertView({ ...view, channel: { kind: "email", value: "ops@example.com" } }));
  expect(rendered.type).toBe("email");
  return rendered as EmailAlert;
}

describe("kinds without a renderer", () => {
  it("record a delivery without a request, and so does any channel without settings", () => {
    for (const kind of ["group", "msteams"]) {
      expect(renderAlert(alertView({ channel: { kind, value: "key" } }))).toEqual({ type: "none" });
    }
    for (const kind of ["webhook", "email", "slack", "ntfy"]) {
      expect(renderAlert(alertView({ channel: { kind, value: "" } }))).toEqual({ type: "none" });
    }
  });
});

describe("Slack, Mattermost and Discord", () => {
  it("post the service's JSON with its separators and ASCII escapes", () => {
    const rendered = renderAlert(alertView({ check: { name: "Zürich 🔴" }, channel: { kind: "slack", value: SLACK } }));
    const text = new TextDecoder().decode((rendered as HttpAlert).body as Uint8Array);
    expect(text.startsWith('{"username": "Mychecks", "icon_url": "http://fake.test/static/img/logo.png", ')).toBe(true);
    expect(text).toContain('"title": "\\u201cZ\\u00fcrich \\ud83d\\udd34\\u201d is DOWN."');
    expect((rendered as HttpAlert).headers).toEqual([
      ["Content-Type", "application/json"],
      ["User-Agent", "healthchecks.io"],
    ]);
    expect((rendered as HttpAlert).url).toBe(SLACK);
  });

  it("name an unnamed check by its UUID and list the schedule with its asterisks kept from markup", () => {
    const view = alertView({
      check: { name: "", desc: "", tags: "", kind: "cron", schedule: "*/5 * * * *", tz: "Europe/Riga" },
      channel: { kind: "slack", value: SLACK },
      lastPing: null,
    });
    const attachment = payload(view).attachments[0] as Record<string, unknown>;
    expect(attachment["title"]).toBe("\u201c11111111-2222-4333-8444-555555555555\u201d is DOWN.");
    expect(attachment["fields"]).toEqual([
      { title: "Project", value: "Ops", short: true },
      { title: "Schedule", value: "\u034f*/5 \u034f* \u034f* \u034f* \u034f*", short: true },
      { title: "Time Zone", value: "Europe/Riga", short: true },
      { title: "Total Pings", value: "0", short: true },
      { title: "Last Ping", value: "Never", short: true },
    ]);
    const discord = payload({ ...view, channel: { ...view.channel, kind: "discord", value: '{"webhook": {"url": "https://d.test/w"}}' } });
    const fields = (discord.attachments[0] as { fields: Array<{ value: string }> }).fields;
    expect(fields[1]?.value).toBe("\\*/5 \\* \\* \\* \\*");
  });

  it("say the downtime of an up flip, or nothing", () => {
    const up = { status: "up", reason: "" } as const;
    const slack = { kind: "slack", value: SLACK };
    expect(payload(alertView({ flip: up, downtimeMs: 3_700_000, channel: slack })).attachments[0]?.["text"]).toBe(
      "The downtime lasted 1 hour, 1 minute.",
    );
    expect(payload(alertView({ flip: up, channel: slack })).attachments[0]?.["text"]).toBeNull();
    expect(payload(alertView({ flip: { reason: "timeout" }, channel: slack })).attachments[0]?.["text"]).toBe(
      "Reason: success signal did not arrive on time, grace time passed.",
    );
  });

  it("show the body cut to 1000 characters, and none that holds a code fence", () => {
    const slack = { kind: "slack", value: SLACK };
    const bodyField = (body: string) =>
      (payload(alertView({ lastPing: withBody(body), channel: slack })).attachments[0]?.["fields"] as Array<{
        title: string;
        value: string;
      }>).find((f) => f.title === "Last Ping Body");
    expect(bodyField(`${"é".repeat(1000)}xyz`)?.value).toBe(`\`\`\`\n${"é".repeat(1000)}\n[truncated]\n\`\`\``);
    expect(bodyField("has ``` inside")).toBeUndefined();
    expect(bodyField("")).toBeUndefined();
  });
});

describe("Rocket.Chat", () => {
  const rc = { kind: "rocketchat", value: "https://rc.test/hooks/x" };
  it("links the name and gives the body's size in bytes", () => {
    const body = payload(alertView({ lastPing: withBody("é"), channel: rc }));
    expect(body["text"]).toBe(
      "[backup](http://fake.test/cloaked/0123456789abcdef0123456789abcdef01234567/) is DOWN (received a failure signal).",
    );
    const fields = (body.attachments[0] as { fields: Array<{ title: string; value: string }> }).fields;
    expect(fields.at(-1)).toEqual({
      title: "Last Ping Body",
      value: "2 bytes, [show body](http://fake.test/cloaked/0123456789abcdef0123456789abcdef01234567/#ping-3)",
      short: true,
    });
    const one = payload(alertView({ lastPing: withBody("x"), channel: rc }));
    expect(JSON.stringify(one)).toContain('"1 byte, [show body]');
  });

  it("ends an up message at the status when there is no downtime", () => {
    const body = payload(alertView({ flip: { status: "up", reason: "" }, channel: rc }));
    expect(body["text"]).toBe("[backup](http://fake.test/cloaked/0123456789abcdef0123456789abcdef01234567/) is UP.");
  });
});

describe("Teams workflows", () => {
  it("HTML-escapes the name and doubles the description's line breaks", () => {
    const view = alertView({
      check: { name: `a "b" & <c>'`, desc: "one\ntwo" },
      channel: { kind: "msteamsw", value: "https://teams.test/x" },
      lastPing: withBody("log"),
    });
    const card = (payload(view).attachments[0] as { content: Record<string, unknown> }).content;
    expect(card["fallbackText"]).toBe("\u201ca &quot;b&quot; &amp; &lt;c&gt;&#x27;\u201d is DOWN.");
    const blocks = card["body"] as Array<Record<string, unknown>>;
    expect(blocks[0]?.["text"]).toBe(
      "\u{1f534} \u201ca &quot;b&quot; &amp; &lt;c&gt;&#x27;\u201d is DOWN (received a failure signal).",
    );
    expect((blocks[1]?.["facts"] as Array<{ title: string; value: string }>)[0]).toEqual({
      title: "Description:",
      value: "one\n\ntwo",
      short: true,
    });
    expect(blocks.slice(2)).toEqual([
      { type: "TextBlock", text: "Last Ping Body:", weight: "bolder" },
      { type: "CodeBlock", codeSnippet: "log", language: "PlainText" },
    ]);
  });
});

describe("ntfy", () => {
  const value = JSON.stringify({ topic: "t", url: "https://ntfy.test", priority: 4, priority_up: 2, token: "" });
  const ntfy = { kind: "ntfy", value };
  const other = (name: string, status: "up" | "down", lastPing: number | null = NOW - 60_000) => ({
    uniqueKey: `key-${name}`,
    uuid: `uuid-${name}`,
    name,
    status,
    lastPing,
  });

  it("sends no Authorization without a token, and the direction's priority", () => {
    const rendered = renderAlert(alertView({ channel: ntfy })) as HttpAlert;
    expect(rendered.headers.map(([name]) => name)).toEqual(["Content-Type", "User-Agent"]);
    expect(payload(alertView({ channel: ntfy, flip: { status: "up", reason: "" } }))["priority"]).toBe(2);
  });

  it("says the other checks are up, or lists the down ones by name, HTML-escaped", () => {
    const message = (others: AlertView["others"], status: "up" | "down" = "down") =>
      payload(alertView({ channel: ntfy, others, flip: { status, reason: status === "up" ? "" : "fail" } }))[
        "message"
      ] as string;
    expect(message([other("a", "up")]).endsWith("\n\nAll the other checks are up.")).toBe(true);
    expect(message([other("job 10", "down"), other('x "y"', "up"), other("Job 9", "down", null), other("", "down")], "up")).toMatch(
      /\n\nThe following checks are still down:\n• \*\*uuid-\*\* \(last ping: a minute ago\)\n• \*\*Job 9\*\* \(last ping: never\)\n• \*\*job 10\*\* \(last ping: a minute ago\)$/,
    );
    expect(message([other("a&b", "down")])).toContain("also down:\n• **a&amp;b**");
    const many = Array.from({ length: 11 }, (_, i) => other(`c${i}`, "down"));
    expect(message(many).endsWith("\n\n11 other checks are also down.")).toBe(true);
    expect(message([])).not.toContain("other checks");
  });

  it("writes tags with commas and a schedule in backticks", () => {
    const message = payload(
      alertView({ channel: ntfy, check: { kind: "oncalendar", schedule: "Mon *-*-* 09:00", tz: "UTC", tags: "a b" } }),
    )["message"];
    expect(message).toBe(
      "Reason: received a failure signal.\n\n**Project:** Ops\n**Tags:** a, b\n**Schedule:** `Mon *-*-* 09:00`\n" +
        "**Time Zone:** UTC\n**Total Pings:** 3\n**Last Ping:** Failure, 5 seconds ago",
    );
  });
});

describe("alert email", () => {
  it("has the subject, recipient and the lines of a bodiless down alert", () => {
    const alert = email({ check: { kind: "cron", schedule: "0 5 * * *", tz: "Asia/Tokyo", tags: "" }, overview: [{ id: "p1", project: "Ops", down: 2 }, { id: "p2", project: "Other", down: 0 }] });
    expect(alert.to).toBe("ops@example.com");
    expect(alert.subject).toBe("DOWN | backup");
    expect(alert.text).toBe(
      [
        'The check "backup" has gone down.',
        "Reason: received a failure signal.",
        "",
        "View on Mychecks:",
        "http://fake.test/cloaked/0123456789abcdef0123456789abcdef01234567/",
        "",
        "Details:",
        "--------",
        "Project: Ops",
        "Schedule: 0 5 * * *",
        "Time zone: Asia/Tokyo",
        "Total pings: 3 (since Nov 25, 2026)",
        "Last ping: 5 seconds ago, from 10.0.0.1",
        "Last ping type: Failure",
        "Status changed to down at: Thu, 26 Nov 2026 09:59:55 +0000",
        "",
        "Projects Overview:",
        "------------------",
        "* Ops: 2 checks down",
        "* Other: OK, all checks up",
        "",
        "--",
        "Unsubscribe: http://fake.test/unsub/x/",
        "Regards, Mychecks",
        "",
      ].join("\n"),
    );
  });

  it("names an unnamed check by its UUID and shows 0 pings without one", () => {
    const alert = email({ check: { name: "" }, lastPing: null, flip: { status: "up", reason: "" }, downtimeMs: 61_000 });
    expect(alert.subject).toBe("UP | 11111111-2222-4333-8444-555555555555");
    expect(alert.text).toContain("has gone up.\nThe downtime lasted 1 minute, 1 second.\n\nView on");
    expect(alert.text).toContain("Total pings: 0 (since Nov 25, 2026)\nStatus changed to up at:");
  });

  it("shows the last 10000 characters of a long body, wrapped at 80 columns", () => {
    const long = `${"x".repeat(5)} ${"word ".repeat(2400)}end`;
    const text = email({ lastPing: withBody(long) }).text;
    const tail = long.slice(-10_000);
    expect(text).toContain(`Last Ping Body:\nShowing the last 10000 bytes of ${long.length} bytes total.\n---------------\n`);
    const shown = text.slice(text.indexOf("---------------\n") + 16, text.indexOf("\n\n--\n"));
    expect(shown.split("\n").every((line) => line.length <= 80)).toBe(true);
    expect(shown.replaceAll("\n", " ").replace(/ +/g, " ")).toBe(tail.trim().replace(/ +/g, " "));
  });

  it("refers to the attachment for a ping that came by email, with its subject", () => {
    const text = email({ lastPing: withBody("raw message", { subject: "Backup <ok> & done" }) }).text;
    expect(text).toContain("Last ping subject: Backup &lt;ok&gt; &amp; done\n");
    expect(text).toContain("Last Ping Body:\n---------------\nSee the attachment.\n");
  });
});
