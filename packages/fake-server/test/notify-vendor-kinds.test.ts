/**
 * The kinds the service delivers to an address its vendor fixes, rendered
 * from one view: a named, tagged simple check going down by a failure
 * signal, its last ping with a body, another check of the project down too.
 * Each test shows the whole request, as the service's transport and
 * templates make it (with the fake's stand-ins for the operator's tokens).
 */
import { describe, expect, it } from "vitest";
import { FakeServer, channels } from "../src/index.js";
import { renderAlert } from "../src/model/kinds/registry.js";
import type { HttpAlert } from "../src/model/notify/view.js";
import { alertView, NOW } from "./notify-view.js";

const TWILIO_AUTH = ["ACfake00000000000000000000000000", "fake-twilio-auth-token"];
const PAGE = "http://fake.test/cloaked/0123456789abcdef0123456789abcdef01234567/";
const JSON_TYPE = ["Content-Type", "application/json"];
const AGENT = ["User-Agent", "healthchecks.io"];

function render(kind: string, value: string, status: "up" | "down" = "down") {
  const alert = renderAlert(
    alertView({
      channel: { kind, value },
      flip: { status, reason: status === "down" ? "fail" : "" },
      downtimeMs: status === "up" ? 65_000 : null,
      lastPing: { n: 3, type: "fail", exitStatus: null, body: new TextEncoder().encode("disk <full>"), remoteAddr: null, at: NOW - 5000, subject: null },
      others: [{ uuid: "u2", uniqueKey: "k2", name: "db & co", status: "down", lastPing: NOW - 120_000 }],
    }),
  ) as HttpAlert;
  const body = alert.body === null ? null : Buffer.from(alert.body).toString("utf8");
  return { method: alert.method, url: alert.url, headers: alert.headers, vendor: alert.vendor, auth: alert.auth, form: alert.form, body };
}
const form = (body: string | null) => Object.fromEntries(new URLSearchParams(body ?? ""));
const json = (body: string | null) => JSON.parse(body ?? "null") as Record<string, unknown>;

describe("each vendor kind's request", () => {
  it("PagerDuty: an event triggered going down, resolved going up", () => {
    const down = render("pd", "svc-key");
    expect(down).toMatchObject({ method: "POST", url: "https://events.pagerduty.com/generic/2010-04-15/create_event.json", headers: [JSON_TYPE, AGENT], vendor: "pd" });
    expect(down.body).toBe(
      '{"service_key": "svc-key", "incident_key": "0123456789abcdef0123456789abcdef01234567", "event_type": "trigger", "description": "backup is DOWN (received a failure signal).", "client": "Mychecks", "client_url": "http://fake.test/checks/11111111-2222-4333-8444-555555555555/details/", "details": {"Project": "Ops", "Total pings": 3, "Last ping": "Failure, 5 seconds ago", "Tags": "prod, db", "Period": "1 hour"}}',
    );
    expect(json(render("pd", '{"service_key": "k2", "account": "acme"}', "up").body)).toMatchObject({
      service_key: "k2",
      event_type: "resolve",
      description: "backup received a ping and is now UP",
    });
  });

  it("Opsgenie: an alert created in the integration's region going down, closed by its alias going up", () => {
    const down = render("opsgenie", '{"region": "eu", "key": "gk"}');
    expect(down).toMatchObject({ url: "https://api.eu.opsgenie.com/v2/alerts", headers: [JSON_TYPE, ["Authorization", "GenieKey gk"], AGENT] });
    expect(down.body).toBe(
      `{"alias": "0123456789abcdef0123456789abcdef01234567", "source": "Mychecks", "tags": ["prod", "db"], "message": "The check \\"backup\\" is DOWN (received a failure signal).", "description": "", "details": {"Project": "Ops", "Total pings": 3, "Last ping": "Failure, 5 seconds ago", "Period": "1 hour", "Full details": "${PAGE}"}}`,
    );
    const up = render("opsgenie", '{"region": "us", "key": "gk"}', "up");
    expect(up.url).toBe("https://api.opsgenie.com/v2/alerts/0123456789abcdef0123456789abcdef01234567/close?identifierType=alias");
    expect(up.body).toBe('{"alias": "0123456789abcdef0123456789abcdef01234567", "source": "Mychecks"}');
  });

  it("Pushover: a form with the app token, an HTML message, the priority, and an emergency's retries", () => {
    const down = render("po", "user1|2|0");
    expect(down).toMatchObject({ url: "https://api.pushover.net/1/messages.json", headers: [AGENT], form: true, vendor: "po" });
    expect(form(down.body)).toEqual({
      token: "fake-pushover-app-token",
      user: "user1",
      message:
        "Reason: received a failure signal.\n\n<b>Project:</b> Ops\n<b>Tags:</b> prod, db\n<b>Period:</b> 1 hour\n<b>Total Pings:</b> 3\n<b>Last Ping:</b> Failure, 5 seconds ago\n\nThe following checks are also down:\n\u2022 <b>db &amp; co</b> (last ping: 2 minutes ago)",
      title: "\u{1f534} backup is DOWN",
      html: "1",
      priority: "2",
      tags: "0123456789abcdef0123456789abcdef01234567",
      url: PAGE,
      url_title: "View on Mychecks",
      retry: "300",
      expire: "86400",
    });
    expect(form(render("po", "user1|2|0", "up").body)).toMatchObject({ title: "\u{1f7e2} backup is UP", priority: "0" });
  });

  it("Telegram: an HTML message to the chat and topic, with the last ping's body", () => {
    const down = render("telegram", '{"id": -100, "type": "group", "name": "Ops", "thread_id": 7}');
    expect(down).toMatchObject({ url: "https://api.telegram.org/bot0:fake-telegram-bot-token/sendMessage", headers: [JSON_TYPE, AGENT] });
    expect(json(down.body)).toEqual({
      chat_id: -100,
      message_thread_id: 7,
      text: `\u{1f534} The check <a href="${PAGE}">backup</a> is <b>DOWN</b> (received a failure signal).\n\n<b>Project:</b> Ops\n<b>Tags:</b> prod, db\n<b>Period:</b> 1 hour\n<b>Total Pings:</b> 3\n<b>Last Ping:</b> Failure, 5 seconds ago\n<b>Last Ping Body:</b>\n<pre>disk &lt;full&gt;</pre>\n\nThe following checks are also down:\n- <a href="http://fake.test/cloaked/k2/">db &amp; co</a> (last ping: 2 minutes ago)`,
      parse_mode: "html",
    });
  });

  it("Pushbullet: a note with the access token", () => {
    const up = render("pushbullet", "o.tok", "up");
    expect(up).toMatchObject({ url: "https://api.pushbullet.com/v2/pushes", headers: [["Access-Token", "o.tok"], JSON_TYPE, AGENT] });
    expect(up.body).toBe('{"type": "note", "title": "Mychecks", "body": "The check \\"backup\\" is UP.\\nThe downtime lasted 1 minute, 5 seconds."}');
  });

  it("Matrix: a PUT of a room message, plain and HTML, through the homeserver", () => {
    const down = render("matrix", "!room:example.org");
    expect(down.method).toBe("PUT");
    expect(down.url).toMatch(/^https:\/\/matrix\.example\.org\/_matrix\/client\/v3\/rooms\/%21room%3Aexample\.org\/send\/m\.room\.message\/[0-9a-f-]{36}$/);
    expect(down.url).toBe(render("matrix", "!room:example.org").url); // the transaction id is the delivery's own
    expect(down.headers).toEqual([["Authorization", "Bearer fake-matrix-access-token"], JSON_TYPE, AGENT]);
    expect(json(down.body)).toEqual({
      msgtype: "m.text",
      body: "backup is DOWN (received a failure signal).",
      format: "org.matrix.custom.html",
      formatted_body: `\u{1f534} The check <a href="${PAGE}">backup</a> is <b>DOWN</b> (received a failure signal).\n\n<br>\n\n<br>\n\n<b>Project:</b> Ops<br>\n\n\n\n<b>Tags:</b> <code>prod</code> <code>db</code> <br>\n\n\n\n<b>Period:</b> 1 hour<br>\n\n\n\n\n<b>Total Pings:</b> 3<br>\n\n\n<b>Last Ping:</b> Failure, 5 seconds ago<br>\n\n\n\n<b>Last Ping Body:</b><br>\n<pre>disk &lt;full&gt;</pre>\n\n\n\n    <br>\n    \n        \n            The following checks are also down:<br>\n            <ul>\n            \n                <li><a href="http://fake.test/cloaked/k2/">db &amp; co</a> (last ping: 2 minutes ago)</li>\n            \n            </ul>`,
    });
    expect(json(render("matrix", "!room:example.org", "up").body).body).toBe("backup is now UP. The downtime lasted 1 minute, 5 seconds.");
  });

  it("Signal: the JSON-RPC send call, plain text with its bold runs as styles", () => {
    const down = render("signal", '{"value": "name.01", "up": true, "down": true}');
    expect(down).toMatchObject({ url: "http://signal-cli.invalid/api/v1/rpc", headers: [JSON_TYPE, AGENT], vendor: "signal" });
    const call = json(down.body);
    expect(call).toMatchObject({ jsonrpc: "2.0", method: "send" });
    expect(call.params).toEqual({
      recipient: ["u:name.01"],
      message:
        "The check backup is DOWN (received a failure signal).\n\nProject: Ops\nTags: prod, db\nPeriod: 1 hour\nTotal Pings: 3\nLast Ping: Failure, 5 seconds ago\n\nThe following checks are also down:\n\u2022 db & co (last ping: 2 minutes ago)",
      textStyle: ["10:6:BOLD", "20:4:BOLD", "55:8:BOLD", "68:5:BOLD", "83:7:BOLD", "98:12:BOLD", "113:10:BOLD", "186:7:BOLD"],
    });
    expect((json(render("signal", '{"value": "+15551234567", "up": true, "down": true}').body).params as { recipient: string[] }).recipient).toEqual(["+15551234567"]);
  });

  it("Trello: a card in the list, everything in the query", () => {
    const down = render("trello", '{"board_name": "B", "list_id": "0123456789abcdef", "list_name": "L", "token": "tt"}');
    expect(down).toMatchObject({ method: "POST", headers: [AGENT], body: null });
    const url = new URL(down.url);
    expect(url.origin + url.pathname).toBe("https://api.trello.com/1/cards");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      idList: "0123456789abcdef",
      name: "Down: backup",
      desc: `**Period:** 1 hour\n\n\n\n\n**Last Ping:** 5 seconds ago\n\n[Full Details @ Mychecks](${PAGE})`,
      key: "fake-trello-app-key",
      token: "tt",
    });
  });

  it("GitHub: an issue with the integration's labels", () => {
    const down = render("github", '{"installation_id": 7, "repo": "acme/ops", "labels": ["alert"]}');
    expect(down).toMatchObject({ url: "https://api.github.com/repos/acme/ops/issues", headers: [["Authorization", "Bearer fake-github-installation-token"], JSON_TYPE, AGENT] });
    expect(json(down.body)).toEqual({
      title: "backup is DOWN",
      body: `The check [backup](${PAGE}) is **DOWN** (received a failure signal).\n\n**Project:** Ops\n**Tags:** \`prod\` \`db\` \n**Period:** 1 hour\n**Total Pings:** 3\n**Last Ping:** Failure, 5 seconds ago\n**Last Ping Body:**\n<pre>disk &lt;full&gt;</pre>`,
      labels: ["alert"],
    });
  });

  it("Apprise: the notification as an Apprise API call", () => {
    expect(render("apprise", "json://127.0.0.1:9/x")).toMatchObject({
      url: "http://apprise.invalid/notify",
      body: '{"urls": "json://127.0.0.1:9/x", "title": "backup is DOWN", "body": "Reason: received a failure signal.", "type": "failure"}',
    });
    expect(json(render("apprise", "json://127.0.0.1:9/x", "up").body)).toMatchObject({ body: "The downtime lasted 1 minute, 5 seconds.", type: "success" });
  });

  it("SMS, WhatsApp and calls: Twilio forms as the fake's account, with the text", () => {
    const sms = render("sms", '{"value": "+15551234567", "up": true, "down": true}');
    expect(sms).toMatchObject({
      url: "https://api.twilio.com/2010-04-01/Accounts/ACfake00000000000000000000000000/Messages.json",
      headers: [AGENT],
      auth: TWILIO_AUTH,
      form: true,
    });
    const callback = expect.stringMatching(/^http:\/\/fake\.test\/api\/v3\/notifications\/[0-9a-f-]{36}\/status$/);
    expect(form(sms.body)).toEqual({
      To: "+15551234567",
      Body: 'Mychecks: The check "backup" is DOWN (received a failure signal).',
      StatusCallback: callback,
      RiskCheck: "disable",
      From: "+15005550006",
    });
    expect(form(render("sms", '{"value": "+15551234567", "up": true, "down": true}', "up").body).Body).toBe(
      'Mychecks: The check "backup" is UP. The downtime lasted 1 minute, 5 seconds.',
    );
    expect(form(render("whatsapp", '{"value": "+15551234567", "up": true, "down": true}').body)).toEqual({
      To: "whatsapp:+15551234567",
      From: "whatsapp:+15005550006",
      MessagingServiceSid: "MGfake00000000000000000000000000",
      ContentSid: "HXfakedown0000000000000000000000",
      ContentVariables: '{"1": "backup"}',
      StatusCallback: callback,
    });
    const call = render("call", '{"value": "+15551234567"}');
    expect(call.url).toBe("https://api.twilio.com/2010-04-01/Accounts/ACfake00000000000000000000000000/Calls.json");
    expect(form(call.body)).toEqual({
      From: "+15005550006",
      To: "+15551234567",
      Twiml: "<Response><Say>Hello! A message from Mychecks: The check &quot;backup&quot; is down.</Say></Response>",
      StatusCallback: callback,
    });
  });
});

describe("vendor requests in a sending fake", () => {
  async function flip(vendorUrls?: Record<string, string>) {
    const sent: Array<{ url: string; body: string }> = [];
    const fake = new FakeServer({
      notifications: {
        vendorUrls,
        fetch: async (request) => {
          sent.push({ url: request.url, body: await request.text() });
          return new Response(null, { status: 202 });
        },
      },
    });
    const project = fake.createProject();
    fake.addChannel(project.id, { ...channels.pd("svc-key"), name: "pager" });
    fake.addChannel(project.id, { ...channels.telegram({ id: 5 }), name: "chat" });
    const check = fake.createCheck(project.id, { name: "backup", channels: "*" });
    await fake.handle(new Request(`${check.ping_url}/fail`));
    await fake.settled();
    return { sent, records: fake.notifications() };
  }

  it("are recorded with the exact request and never sent", async () => {
    const { sent, records } = await flip();
    expect(sent).toEqual([]);
    expect(records.map((record) => [record.channel.kind, record.error, record.requests.map((request) => [request.url, request.status])])).toEqual([
      ["pd", "", [["https://events.pagerduty.com/generic/2010-04-15/create_event.json", null]]],
      ["telegram", "", [["https://api.telegram.org/bot0:fake-telegram-bot-token/sendMessage", null]]],
    ]);
  });

  it("go to the base URL given for their kind, with the vendor's path and query", async () => {
    const { sent, records } = await flip({ pd: "http://127.0.0.1:9/vendors/pd/" });
    expect(sent.map((request) => request.url)).toEqual(["http://127.0.0.1:9/vendors/pd/generic/2010-04-15/create_event.json"]);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ service_key: "svc-key", event_type: "trigger" });
    expect(records.map((record) => record.requests.map((request) => request.status))).toEqual([[202], [null]]);
  });

  it("of the phone kinds record their text beside the request", async () => {
    const fake = new FakeServer({ notifications: { delivery: "record" } });
    const project = fake.createProject();
    fake.addChannel(project.id, channels.sms("+15551234567"));
    fake.addChannel(project.id, channels.call("+15551234567"));
    fake.addChannel(project.id, channels.pd("svc-key"));
    const check = fake.createCheck(project.id, { name: "backup", channels: "*" });
    await fake.handle(new Request(`${check.ping_url}/fail`));
    await fake.settled();
    expect(fake.notifications().map((record) => [record.channel.kind, record.text])).toEqual([
      ["sms", 'Mychecks: The check "backup" is DOWN (received a failure signal).'],
      ["call", 'Hello! A message from Mychecks: The check "backup" is down.'],
      ["pd", null],
    ]);
  });

  it("refuse a base URL for a kind that has none, or one that is no http URL", () => {
    expect(() => new FakeServer({ notifications: { vendorUrls: { slack: "http://127.0.0.1:9" } as never } })).toThrow(/"slack" is not one of apprise, call/);
    expect(() => new FakeServer({ notifications: { vendorUrls: { pd: "ftp://x" } } })).toThrow("notifications.vendorUrls.pd must be an http or https URL");
  });
});
