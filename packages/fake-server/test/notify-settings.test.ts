import { CHANNEL_KINDS, RETIRED_CHANNEL_KINDS } from "@checks-api/schema";
import { describe, expect, it } from "vitest";
import { notifies } from "../src/model/kinds/registry.js";
import { CHANNEL_VALUE_MAX_LENGTH } from "../src/model/notify/limits.js";
import { isPermanentFailure } from "../src/model/kinds/registry.js";
import { discordUrl } from "../src/model/kinds/discord.js";
import { incomingWebhookUrl as slackUrl } from "../src/model/notify/slack-payload.js";
import { validateChannelValue } from "../src/model/notify/settings.js";
import { webhookValue } from "./notify-view.js";

const json = (value: unknown) => JSON.stringify(value);
const ntfy = (over: Record<string, unknown> = {}) =>
  json({ topic: "t", url: "https://ntfy.sh", priority: 5, priority_up: 3, token: "tk", ...over });

describe("validateChannelValue accepts", () => {
  it.each([
    ["email", "ops@example.com"],
    ["email", json({ value: "ops@example.com", up: false, down: true })],
    ["email", json({ value: "ops@localhost", up: true, down: true })],
    ["email", json({ value: "ops@bücher.example", up: true, down: true })],
    ["webhook", webhookValue({})],
    ["webhook", webhookValue({ url_down: "", url_up: "https://x.test/$NAME?x=$JSON", name: "kept aside" })],
    ["slack", "https://hooks.slack.com/services/T/B/X"],
    ["slack", json({ team_name: "t", incoming_webhook: { url: "https://hooks.slack.com/x", channel: "#c" } })],
    ["mattermost", "http://127.0.0.1:8065/hooks/abc"],
    ["discord", json({ webhook: { url: "https://discordapp.com/api/webhooks/1/x" } })],
    ["rocketchat", "https://chat.example.com/hooks/x"],
    ["msteamsw", "https://prod.example.com/workflows/x"],
    ["ntfy", ntfy()],
    ["ntfy", ntfy({ priority: 0, token: undefined })],
    ["pd", "0123456789abcdef0123456789abcdef"],
    ["pd", json({ service_key: "k", account: "acme" })],
    ["telegram", json({ id: 1 })],
    ["telegram", json({ id: -100, type: "supergroup", name: null, thread_id: 7 })],
    ["gotify", json({ url: "https://g.test", token: "t", priority: 0, priority_up: 9 })],
    ["zulip", json({ bot_email: "b@example.org", api_key: "k", site: "https://z.test", mtype: "private", to: "12", topic: "" })],
    ["googlechat", "https://chat.googleapis.com/v1/spaces/A/messages?key=k"],
    ["opsgenie", json({ region: "eu", key: "k" })],
    ["po", "user|-3|2"],
    ["po", "user|0"],
    ["matrix", "!abc:matrix.org"],
    ["signal", json({ value: "name.01", up: true, down: false })],
    ["sms", json({ value: "+15551234567", up: false, down: true })],
    ["call", json({ value: "+15551234567" })],
    ["trello", json({ token: "t", board_name: "B", list_name: "L", list_id: "0123456789abcdef" })],
    ["github", json({ installation_id: 1, repo: "a/b", labels: [] })],
    ["apprise", "json://127.0.0.1:9/x"],
    ["shell", json({ cmd_down: "", cmd_up: "true" })],
    ["group", "00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000002"],
  ])("%s %s", (kind, value) => {
    expect(validateChannelValue(kind, value)).toBeNull();
  });

  it("an empty value for every kind (a channel the test gave no settings)", () => {
    for (const kind of [...Object.keys(CHANNEL_KINDS), ...RETIRED_CHANNEL_KINDS]) {
      expect(validateChannelValue(kind, "")).toBeNull();
    }
  });
});

describe("validateChannelValue refuses, naming what is wrong", () => {
  const long = `https://x.test/${"a".repeat(1000)}`;
  it.each([
    ["email", "not an address", 'email value: "not an address" is not an email address'],
    ["email", "a@b", 'email value: "a@b" is not an email address'],
    ["email", "a b@example.com", 'email value: "a b@example.com" is not an email address'],
    ["email", "{", "email value: not valid JSON"],
    ["email", "{}", "email value: missing value"],
    ["email", json({ value: 3, up: true, down: true }), "email value: value must be a string"],
    ["email", json({ value: "a@example.com", down: true }), "email value: missing up"],
    ["email", json({ value: "a@example.com", up: "yes", down: true }), "email value: up must be true or false"],
    ["email", json({ value: "a@example.com", up: false, down: false }), "email value: up and down are both false"],
    ["email", `${"a".repeat(95)}@x.com`, "email value: the address is longer than 100 characters"],
    ["webhook", "[]", "webhook value: must be a JSON object"],
    ["webhook", "http://x.test", "webhook value: not valid JSON"],
    ["webhook", json({ url_down: "http://x.test" }), "webhook value: missing method_down"],
    ["webhook", webhookValue({ method_down: "post" }), "webhook value: method_down must be GET, POST or PUT"],
    ["webhook", webhookValue({ method_down: "DELETE" }), "webhook value: method_down must be GET, POST or PUT"],
    ["webhook", webhookValue({ url_down: "ftp://x.test/" }), "webhook value: url_down must be an http or https URL"],
    ["webhook", webhookValue({ url_down: "http://x.test/a b" }), "webhook value: url_down must be an http or https URL"],
    ["webhook", webhookValue({ url_down: "http://$HOST/" }), "webhook value: url_down must be an http or https URL"],
    ["webhook", webhookValue({ url_down: "http:///x" }), "webhook value: url_down must be an http or https URL"],
    ["webhook", webhookValue({ url_down: long }), "webhook value: url_down is longer than 1000 characters"],
    ["webhook", webhookValue({ url_down: 5 }), "webhook value: url_down must be a string"],
    ["webhook", webhookValue({ url_down: "" }), "webhook value: url_down and url_up are both empty"],
    ["webhook", webhookValue({ body_down: "x".repeat(1001) }), "webhook value: body_down is longer than 1000 characters"],
    ["webhook", webhookValue({ body_down: undefined }), "webhook value: missing body_down"],
    ["webhook", webhookValue({ headers_up: ["X: 1"] }), "webhook value: headers_up must be an object of header names and text values"],
    ["webhook", webhookValue({ headers_down: { "X Y": "1" } }), 'webhook value: headers_down has an invalid header name "X Y"'],
    ["webhook", webhookValue({ headers_down: { "Zürich": "1" } }), 'webhook value: headers_down has an invalid header name "Zürich"'],
    ["webhook", webhookValue({ headers_down: { "": "1" } }), 'webhook value: headers_down has an invalid header name ""'],
    ["webhook", webhookValue({ headers_down: { ["X".repeat(1001)]: "1" } }), "webhook value: headers_down has a header name longer than 1000 characters"],
    ["webhook", webhookValue({ headers_down: { X: 1 } }), "webhook value: headers_down value of X must be a string"],
    ["webhook", webhookValue({ headers_down: { X: "a\r\nB: c" } }), "webhook value: headers_down value of X has a line break or control character"],
    ["webhook", webhookValue({ headers_down: { X: "x".repeat(1001) } }), "webhook value: headers_down value of X is longer than 1000 characters"],
    ["slack", "hooks.slack.com/x", "slack value: the URL must be an http or https URL"],
    ["slack", json({ incoming_webhook: "https://x.test" }), "slack value: incoming_webhook must be an object with a url"],
    ["slack", json({ incoming_webhook: {} }), "slack value: missing url"],
    ["mattermost", "javascript:alert(1)", "mattermost value: the URL must be an http or https URL"],
    ["discord", "https://discord.com/api/webhooks/1/x", "discord value: not valid JSON"],
    ["discord", json({ webhook: { url: "discord" } }), "discord value: url must be an http or https URL"],
    ["rocketchat", "", null],
    ["rocketchat", " https://x.test", "rocketchat value: the URL must be an http or https URL"],
    ["msteamsw", long, "msteamsw value: the URL is longer than 1000 characters"],
    ["ntfy", json({ url: "https://ntfy.sh" }), "ntfy value: missing topic"],
    ["ntfy", ntfy({ topic: "" }), "ntfy value: topic must be 1 to 64 characters"],
    ["ntfy", ntfy({ topic: "t".repeat(65) }), "ntfy value: topic must be 1 to 64 characters"],
    ["ntfy", ntfy({ url: "ntfy.sh" }), "ntfy value: url must be an http or https URL"],
    ["ntfy", ntfy({ priority: 6 }), "ntfy value: priority must be a whole number from 0 to 5"],
    ["ntfy", ntfy({ priority_up: -1 }), "ntfy value: priority_up must be a whole number from 0 to 5"],
    ["ntfy", ntfy({ priority: "3" }), "ntfy value: priority must be a whole number from 0 to 5"],
    ["ntfy", ntfy().replace('"priority":5', '"priority":5.0'), "ntfy value: priority must be a whole number from 0 to 5"],
    ["ntfy", ntfy({ priority_up: undefined }), "ntfy value: missing priority_up"],
    ["ntfy", ntfy({ token: "a b" }), "ntfy value: token must be visible ASCII characters"],
    ["ntfy", ntfy({ token: "t".repeat(101) }), "ntfy value: token is longer than 100 characters"],
    ["pd", "x".repeat(CHANNEL_VALUE_MAX_LENGTH + 1), `pd value: longer than ${CHANNEL_VALUE_MAX_LENGTH} characters`],
    ["pd", "x".repeat(33), "pd value: the value must be 1 to 32 characters"],
    ["pd", json({ account: "acme" }), "pd value: missing service_key"],
    ["gotify", json({ url: "https://g.test", token: "t", priority: 3, priority_up: 5 }), "gotify value: priority must be 0, 2, 5 or 9"],
    ["gotify", json({ url: "https://g.test", token: "t".repeat(51), priority: 5, priority_up: 5 }), "gotify value: token must be 1 to 50 characters"],
    ["gotify", json({ url: "g.test", token: "t", priority: 5, priority_up: 5 }), "gotify value: url must be an http or https URL"],
    ["zulip", json({ bot_email: "bot", api_key: "k", site: "https://z.test", mtype: "stream", to: "x" }), 'zulip value: "bot" is not an email address'],
    ["zulip", json({ bot_email: "b@example.org", api_key: "k", site: "https://z.test", mtype: "topic", to: "x" }), "zulip value: mtype must be stream or private"],
    ["zulip", json({ bot_email: "b@example.org", api_key: "k", mtype: "stream", to: "x" }), "zulip value: missing site"],
    ["spike", "not a url", "spike value: the URL must be an http or https URL"],
    ["opsgenie", json({ region: "ap", key: "k" }), "opsgenie value: region must be us or eu"],
    ["opsgenie", json({ region: "us", key: "k".repeat(41) }), "opsgenie value: key must be 1 to 40 characters"],
    ["po", "user|3|0", "po value: the value must be user key|priority|up priority, priorities from -3 (off) to 2"],
    ["po", "user", "po value: the value must be user key|priority|up priority, priorities from -3 (off) to 2"],
    ["telegram", json({ id: "1" }), "telegram value: id must be a whole number"],
    ["telegram", json({ id: 1.5 }), "telegram value: id must be a whole number"],
    ["sms", json({ value: "555-1234", up: true, down: true }), "sms value: value must be a phone number such as +15551234567"],
    ["sms", json({ value: "+15551234567", up: false, down: false }), "sms value: up and down are both false"],
    ["whatsapp", json({ value: "+15551234567", up: "yes", down: true }), "whatsapp value: up must be true or false"],
    ["signal", json({ value: "x.1", up: true, down: true }), "signal value: value must be a phone number such as +15551234567 or a username such as name.01"],
    ["trello", json({ token: "t", board_name: "B", list_name: "L", list_id: "nothex" }), "trello value: list_id must be 16 to 32 hex digits"],
    ["github", json({ installation_id: 1, repo: "a/b", labels: "x" }), "github value: labels must be a list of texts"],
    ["github", json({ installation_id: 1, repo: "ab", labels: [] }), "github value: repo must be 3 to 500 characters"],
    ["matrix", "#alias:matrix.org", "matrix value: the value must be a room ID such as !abc:matrix.org"],
    ["shell", json({ cmd_down: 1, cmd_up: "" }), "shell value: cmd_down must be a string"],
    ["group", "not-a-uuid", "group value: the value must be integration UUIDs separated by commas"],
    ["apprise", "x".repeat(513), "apprise value: the value must be 1 to 512 characters"],
  ])("%s %s", (kind, value, message) => {
    expect(validateChannelValue(kind, value)).toBe(message);
  });
});

describe("channel URLs", () => {
  it("Slack and Mattermost take the text, or incoming_webhook.url", () => {
    expect(slackUrl("slack", "https://a.test/x")).toBe("https://a.test/x");
    expect(slackUrl("mattermost", json({ incoming_webhook: { url: "https://b.test/y" } }))).toBe("https://b.test/y");
  });

  it("Discord posts to /slack, the retired discordapp.com host replaced", () => {
    expect(discordUrl(json({ webhook: { url: "https://discordapp.com/api/webhooks/1/x" } }))).toBe(
      "https://discord.com/api/webhooks/1/x/slack",
    );
    expect(discordUrl(json({ webhook: { url: "http://127.0.0.1:9/d" } }))).toBe("http://127.0.0.1:9/d/slack");
  });
});

describe("notifies (the no-op directions)", () => {
  const email = (up: boolean, down: boolean) => json({ value: "a@example.com", up, down });
  it.each([
    ["email", email(false, true), "down", true],
    ["email", email(false, true), "up", false],
    ["email", email(true, false), "down", false],
    ["email", "a@example.com", "up", true],
    ["webhook", webhookValue({}), "down", true],
    ["webhook", webhookValue({}), "up", false],
    ["webhook", webhookValue({ url_down: "", url_up: "http://x.test" }), "down", false],
    ["ntfy", ntfy({ priority: 0 }), "down", false],
    ["ntfy", ntfy({ priority: 0 }), "up", true],
    ["ntfy", ntfy({ priority_up: 0 }), "up", false],
    ["sms", json({ value: "+1", up: false, down: true }), "up", false],
    ["sms", json({ value: "+1", up: false, down: true }), "down", true],
    ["whatsapp", json({ value: "+1", down: true }), "up", false],
    ["signal", json({ value: "+1", up: true, down: false }), "down", false],
    ["call", json({ value: "+1" }), "down", true],
    ["call", json({ value: "+1" }), "up", false],
    ["github", "", "up", false],
    ["po", "key|-3|0", "down", false],
    ["po", "key|-3|0", "up", true],
    ["po", "key|0", "up", true],
    ["po", "key|0|-3", "up", false],
    ["gotify", json({ url: "https://g.test", token: "t", priority: 0, priority_up: 5 }), "down", false],
    ["shell", json({ cmd_down: "", cmd_up: "echo up" }), "down", false],
    ["shell", json({ cmd_down: "", cmd_up: "echo up" }), "up", true],
    ["msteams", "https://old.test", "down", false],
    ["hipchat", "", "up", false],
    ["slack", "https://a.test", "up", true],
    ["pd", "key", "down", true],
    ["webhook", "", "up", true],
    ["email", "", "down", true],
    ["webhook", "{broken", "down", true],
  ] as const)("%s %s %s → %s", (kind, value, direction, expected) => {
    expect(notifies(kind, value, direction)).toBe(expected);
  });
});

describe("permanent failures", () => {
  it.each([
    ["slack", 404, "", true],
    ["slack", 400, "invalid_token", true],
    ["slack", 400, "invalid_payload", false],
    ["slack", 500, "", false],
    ["discord", 404, "", true],
    ["discord", 400, "invalid_token", false],
    ["mattermost", 404, "", false],
    ["webhook", 404, "", false],
    ["ntfy", 410, "", false],
  ] as const)("%s %i %s → %s", (kind, status, body, expected) => {
    expect(isPermanentFailure(kind, status, body)).toBe(expected);
  });
});
