import { CHANNEL_KINDS, type KnownChannelKind } from "@checks-api/schema";
import { describe, expect, expectTypeOf, it } from "vitest";
import { channels, FakeServer, type ChannelInit, type TypedChannel } from "../src/index.js";
import { call } from "./helpers.js";

const URL_ = "https://hooks.example.com/x";
const ID = "00000000-0000-4000-8000-000000000001";

describe("channels builders", () => {
  it("give the settings text the service stores", () => {
    expect(channels.webhook({ down: { method: "POST", url: `${URL_}/down`, body: "$NAME", headers: { "X-A": "1" } } })).toEqual({
      kind: "webhook",
      value:
        '{"body_down": "$NAME", "body_up": "", "headers_down": {"X-A": "1"}, "headers_up": {}, "method_down": "POST", "method_up": "GET", "url_down": "https://hooks.example.com/x/down", "url_up": ""}',
    });
    expect(channels.email("ops@example.com", { up: false }).value).toBe('{"down": true, "up": false, "value": "ops@example.com"}');
    expect(channels.slack(URL_)).toEqual({ kind: "slack", value: URL_ });
    expect(channels.discord(URL_).value).toBe(`{"webhook": {"url": "${URL_}"}}`);
    expect(channels.ntfy({ topic: "t" }).value).toBe('{"priority": 3, "priority_up": 3, "token": "", "topic": "t", "url": "https://ntfy.sh"}');
    expect(channels.gotify({ url: URL_, token: "gt", priority_up: 2 }).value).toBe(`{"priority": 5, "priority_up": 2, "token": "gt", "url": "${URL_}"}`);
    expect(channels.zulip({ bot_email: "bot@example.org", api_key: "k", site: URL_, to: "general" }).value).toBe(
      `{"api_key": "k", "bot_email": "bot@example.org", "mtype": "stream", "site": "${URL_}", "to": "general", "topic": ""}`,
    );
    expect(channels.group([ID, ID.replace("1", "2")]).value).toBe(`${ID},${ID.replace("1", "2")}`);
    expect(channels.pd("key").value).toBe("key");
    expect(channels.pd("key", { account: "acme" }).value).toBe('{"service_key": "key", "account": "acme"}');
    expect(channels.opsgenie("k", { region: "eu" }).value).toBe('{"region": "eu", "key": "k"}');
    expect(channels.po("user", { priority: 1, priorityUp: -3 }).value).toBe("user|1|-3");
    expect(channels.telegram({ id: -100, name: "Ops" }).value).toBe('{"id": -100, "type": null, "name": "Ops", "thread_id": null}');
    expect(channels.sms("+15551234567", { up: false }).value).toBe('{"value": "+15551234567", "up": false, "down": true}');
    expect(channels.call("+15551234567").value).toBe('{"value": "+15551234567"}');
    expect(channels.github({ installation_id: 7, repo: "acme/ops" }).value).toBe('{"installation_id": 7, "repo": "acme/ops", "labels": []}');
    expect(channels.trello({ token: "t", board_name: "B", list_name: "L", list_id: "0123456789abcdef" }).value).toBe(
      '{"board_name": "B", "list_id": "0123456789abcdef", "list_name": "L", "token": "t"}',
    );
    expect(channels.shell({ cmd_down: "logger down", cmd_up: "" }).value).toBe('{"cmd_down": "logger down", "cmd_up": ""}');
  });

  it("has one for every kind, and addChannel takes what each gives (and a state export loads back)", () => {
    expect(Object.keys(channels).sort()).toEqual(Object.keys(CHANNEL_KINDS).sort());
    const fake = new FakeServer();
    const project = fake.createProject();
    const member = fake.addChannel(project.id, channels.pd("key"));
    const made: Record<KnownChannelKind, TypedChannel<KnownChannelKind>> = {
      apprise: channels.apprise("json://127.0.0.1:9/x"),
      call: channels.call("+15551234567"),
      discord: channels.discord(URL_),
      email: channels.email("ops@example.com"),
      github: channels.github({ installation_id: 1, repo: "acme/ops", labels: ["alert"] }),
      googlechat: channels.googlechat(URL_),
      gotify: channels.gotify({ url: URL_, token: "t" }),
      group: channels.group([member.id]),
      matrix: channels.matrix("!room:matrix.org"),
      mattermost: channels.mattermost(URL_),
      msteamsw: channels.msteamsw(URL_),
      ntfy: channels.ntfy({ topic: "t", token: "tk" }),
      opsgenie: channels.opsgenie("k"),
      pagertree: channels.pagertree(URL_),
      pd: channels.pd("key"),
      po: channels.po("user"),
      pushbullet: channels.pushbullet("o.token"),
      rocketchat: channels.rocketchat(URL_),
      shell: channels.shell({ cmd_down: "true", cmd_up: "true" }),
      signal: channels.signal("name.01"),
      slack: channels.slack(URL_),
      sms: channels.sms("+15551234567"),
      spike: channels.spike(URL_),
      telegram: channels.telegram({ id: 1 }),
      trello: channels.trello({ token: "t", board_name: "B", list_name: "L", list_id: "0123456789abcdef" }),
      victorops: channels.victorops(URL_),
      webhook: channels.webhook({ up: { method: "GET", url: URL_ } }),
      whatsapp: channels.whatsapp("+15551234567", { down: false }),
      zulip: channels.zulip({ bot_email: "bot@example.org", api_key: "k", site: URL_, to: "general", mtype: "private" }),
    };
    for (const [kind, init] of Object.entries(made)) {
      expect(init.kind).toBe(kind);
      expect(fake.addChannel(project.id, { ...init, name: kind })).toMatchObject({ kind, value: init.value });
    }
    const again = new FakeServer();
    again.importState(fake.exportState());
    expect(again.channels(project.id)).toEqual(fake.channels(project.id));
  });

  it("refuse settings that break the kind's rules, naming what is wrong", () => {
    expect(() => channels.slack("hooks.slack.com/x")).toThrow(new RangeError("slack value: the URL must be an http or https URL"));
    expect(() => channels.email("ops", { up: false, down: false })).toThrow(new RangeError('email value: "ops" is not an email address'));
    expect(() => channels.email("ops@example.com", { up: false, down: false })).toThrow("email value: up and down are both false");
    expect(() => channels.gotify({ url: URL_, token: "t", priority: 3 as 2 })).toThrow("gotify value: priority must be 0, 2, 5 or 9");
    expect(() => channels.po("user", { priority: 3 })).toThrow(/^po value: the value must be user key\|priority\|up priority/);
    expect(() => channels.sms("555-1234")).toThrow("sms value: value must be a phone number such as +15551234567");
    expect(() => channels.webhook({ down: { method: "DELETE" as "GET", url: URL_ } })).toThrow("webhook value: method_down must be GET, POST or PUT");
    expect(() => channels.trello({ token: "t", board_name: "B", list_name: "L", list_id: "xyz" })).toThrow(
      "trello value: list_id must be 16 to 32 hex digits",
    );
  });

  it("are typed: wrong settings and unknown kinds do not compile", () => {
    expectTypeOf(channels.webhook).parameter(0).toMatchTypeOf<{ down?: { method: "GET" | "POST" | "PUT" } }>();
    expectTypeOf(channels.gotify({ url: URL_, token: "t" })).toEqualTypeOf<TypedChannel<"gotify">>();
    expectTypeOf<ChannelInit["kind"]>().toEqualTypeOf<KnownChannelKind>();
    const fake = new FakeServer();
    const { id } = fake.createProject();
    // @ts-expect-error DELETE is no webhook method
    expect(() => channels.webhook({ down: { method: "DELETE", url: URL_ } })).toThrow(RangeError);
    // @ts-expect-error a webhook needs a direction
    expect(() => channels.webhook({})).toThrow(RangeError);
    // @ts-expect-error Gotify's priorities are 0, 2, 5 and 9
    expect(() => channels.gotify({ url: URL_, token: "t", priority: 3 })).toThrow(RangeError);
    // @ts-expect-error a token is required
    expect(() => channels.gotify({ url: URL_ })).toThrow(RangeError);
    // @ts-expect-error Zulip sends to a stream or a person
    expect(() => channels.zulip({ bot_email: "b@example.org", api_key: "k", site: URL_, to: "x", mtype: "topic" })).toThrow(RangeError);
    // @ts-expect-error a misspelt kind
    expect(() => fake.addChannel(id, { kind: "webhooks" })).toThrow(RangeError);
    // @ts-expect-error the settings are text
    expect(() => fake.addChannel(id, { kind: "slack", value: { url: URL_ } })).toThrow(RangeError);
  });
});

describe("addChannel checks its argument at run time, as the control API does", () => {
  const kinds = Object.keys(CHANNEL_KINDS).join(", ");
  it.each([
    [{ kind: 1 }, "kind must be a string"],
    [{}, "kind is required"],
    [{ kind: "email", name: 1 }, "name must be a string"],
    [{ kind: "email", disabled: "yes" }, "disabled must be a boolean"],
    [{ kind: "email", nmae: "typo" }, "unknown member: nmae"],
    [{ kind: "webhooks" }, `unknown integration kind "webhooks": the kinds are ${kinds}`],
    [null, "an integration must be an object with a kind"],
  ])("%j → %s", async (init, message) => {
    const fake = new FakeServer();
    const project = fake.createProject();
    expect(() => fake.addChannel(project.id, init as ChannelInit)).toThrow(new RangeError(message));
    if (init !== null) {
      const answer = await call(fake, "POST", `/__fake/projects/${project.id}/channels`, { body: init, headers: { "Content-Type": "application/json" } });
      expect(answer.status).toBe(400);
      expect((answer.json as { error: string }).error).toBe(message);
    }
    expect(fake.channels(project.id)).toEqual([]);
    // Nothing was stored that a state import would refuse.
    new FakeServer().importState(fake.exportState());
  });
});
