/**
 * Typed integrations: a builder per kind that gives the `{ kind, value }`
 * that `FakeServer.addChannel` takes, the value written as the service
 * stores it (its JSON text, with the service's separators and member
 * order, or its plain text). The settings' types are the schema's
 * (`ChannelSettings`), and every builder checks what it made with the
 * same rules `addChannel` applies, so a mistake shows where it was made.
 * @module
 */
import type { ChannelSettings, KnownChannelKind, WebhookMethod } from "@checks-api/schema/lite";
import { serviceJson } from "../text/json.js";
import { validateChannelValue } from "./notify/settings.js";

/** An integration's kind and its settings text, ready to spread into `addChannel`'s argument (with a `name`, say). */
export interface TypedChannel<K extends KnownChannelKind> {
  /** The kind. */
  kind: K;
  /** The settings as the service stores them. */
  value: string;
}

/** What a webhook sends for one direction. */
export interface WebhookTarget {
  /** The request method. */
  method: WebhookMethod;
  /** The URL; `$NAME`, `$STATUS`, `$JSON` and the other placeholders are filled in. */
  url: string;
  /** The body template (sent with `POST` and `PUT`); default none. */
  body?: string;
  /** Header names and value templates, in sending order; default none. */
  headers?: Record<string, string>;
}

/** Which directions a kind with up and down switches notifies; both by default. */
export interface Directions {
  /** Notify when a check comes back up; default `true`. */
  up?: boolean;
  /** Notify when a check goes down; default `true`. */
  down?: boolean;
}

type Defaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

function made<K extends KnownChannelKind>(kind: K, value: string): TypedChannel<K> {
  const problem = validateChannelValue(kind, value);
  if (problem !== null) throw new RangeError(problem);
  return { kind, value };
}

/** The JSON text of `settings` as the service's forms store them: members sorted by name. */
function sorted(settings: object): string {
  return serviceJson(Object.fromEntries(Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

function target(direction: "down" | "up", given: WebhookTarget | undefined): Record<string, unknown> {
  return {
    [`method_${direction}`]: given?.method ?? "GET",
    [`url_${direction}`]: given?.url ?? "",
    [`body_${direction}`]: given?.body ?? "",
    [`headers_${direction}`]: given?.headers ?? {},
  };
}

const phone = <K extends "sms" | "whatsapp" | "signal">(kind: K) =>
  (number: string, { up = true, down = true }: Directions = {}): TypedChannel<K> =>
    made(kind, serviceJson({ value: number, up, down } satisfies ChannelSettings<"sms" | "whatsapp" | "signal">));

/**
 * Builders of typed integrations, one per kind the fake knows, named by the
 * kind. Each gives `{ kind, value }`; spread it into `addChannel`'s
 * argument with a `name` and `disabled` as needed.
 * @throws RangeError from a builder when the settings break the kind's rules (the message names what is wrong).
 * @example
 * ```ts
 * const hook = fake.addChannel(project.id, {
 *   ...channels.webhook({ down: { method: "POST", url: "http://127.0.0.1:9000/down", body: "$NAME is $STATUS" } }),
 *   name: "on-call",
 * });
 * ```
 */
export const channels = {
  /**
   * A webhook: the request to make for each direction (a direction left out sends nothing).
   * @example
   * ```ts
   * channels.webhook({
   *   down: { method: "POST", url: "http://127.0.0.1:9000/alerts", body: "$NAME went down", headers: { "X-Token": "t" } },
   *   up: { method: "GET", url: "http://127.0.0.1:9000/up?check=$CODE" },
   * });
   * ```
   */
  webhook(settings: { down: WebhookTarget; up?: WebhookTarget } | { down?: WebhookTarget; up: WebhookTarget }): TypedChannel<"webhook"> {
    const value = { ...target("down", settings.down), ...target("up", settings.up) } as ChannelSettings<"webhook">;
    return made("webhook", sorted(value));
  },

  /**
   * An email address, notified of both directions unless told otherwise.
   * @example
   * ```ts
   * channels.email("ops@example.com", { up: false }); // down alerts only
   * ```
   */
  email(address: string, { up = true, down = true }: Directions = {}): TypedChannel<"email"> {
    return made("email", sorted({ value: address, up, down } satisfies ChannelSettings<"email">));
  },

  /**
   * A Slack incoming webhook.
   * @example
   * ```ts
   * channels.slack("https://hooks.slack.com/services/T000/B000/XXXX");
   * ```
   */
  slack: (url: string): TypedChannel<"slack"> => made("slack", url),

  /**
   * A Mattermost incoming webhook.
   * @example
   * ```ts
   * channels.mattermost("https://chat.example.com/hooks/abc");
   * ```
   */
  mattermost: (url: string): TypedChannel<"mattermost"> => made("mattermost", url),

  /**
   * A Discord webhook (its Slack-compatible address is what gets the alert).
   * @example
   * ```ts
   * channels.discord("https://discord.com/api/webhooks/1/abc");
   * ```
   */
  discord: (url: string): TypedChannel<"discord"> => made("discord", serviceJson({ webhook: { url } } satisfies ChannelSettings<"discord">)),

  /**
   * A Rocket.Chat incoming webhook.
   * @example
   * ```ts
   * channels.rocketchat("https://chat.example.com/hooks/abc/def");
   * ```
   */
  rocketchat: (url: string): TypedChannel<"rocketchat"> => made("rocketchat", url),

  /**
   * A Microsoft Teams workflow's webhook.
   * @example
   * ```ts
   * channels.msteamsw("https://prod.westeurope.logic.azure.com/workflows/abc");
   * ```
   */
  msteamsw: (url: string): TypedChannel<"msteamsw"> => made("msteamsw", url),

  /**
   * A Google Chat space's webhook.
   * @example
   * ```ts
   * channels.googlechat("https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t");
   * ```
   */
  googlechat: (url: string): TypedChannel<"googlechat"> => made("googlechat", url),

  /**
   * A Spike webhook.
   * @example
   * ```ts
   * channels.spike("https://api.spike.sh/v1/alerts/abc");
   * ```
   */
  spike: (url: string): TypedChannel<"spike"> => made("spike", url),

  /**
   * A PagerTree integration's webhook.
   * @example
   * ```ts
   * channels.pagertree("https://api.pagertree.com/integration/int_abc");
   * ```
   */
  pagertree: (url: string): TypedChannel<"pagertree"> => made("pagertree", url),

  /**
   * A Splunk On-Call (VictorOps) REST endpoint.
   * @example
   * ```ts
   * channels.victorops("https://alert.victorops.com/integrations/generic/20131114/alert/key/route");
   * ```
   */
  victorops: (url: string): TypedChannel<"victorops"> => made("victorops", url),

  /**
   * An ntfy topic; priorities 1 to 5 (3 by default), 0 turns a direction off.
   * @example
   * ```ts
   * channels.ntfy({ topic: "backups", url: "https://ntfy.sh", priority: 5 });
   * ```
   */
  ntfy(settings: Defaults<ChannelSettings<"ntfy">, "url" | "priority" | "priority_up">): TypedChannel<"ntfy"> {
    return made("ntfy", sorted({ url: "https://ntfy.sh", priority: 3, priority_up: 3, token: "", ...settings }));
  },

  /**
   * A Gotify application; priorities 0 (off), 2, 5 (the default) or 9.
   * @example
   * ```ts
   * channels.gotify({ url: "https://gotify.example.com", token: "AbCdEf", priority_up: 2 });
   * ```
   */
  gotify(settings: Defaults<ChannelSettings<"gotify">, "priority" | "priority_up">): TypedChannel<"gotify"> {
    return made("gotify", sorted({ priority: 5, priority_up: 5, ...settings }));
  },

  /**
   * A Zulip bot posting to a stream (or, with `mtype: "private"`, to a person).
   * @example
   * ```ts
   * channels.zulip({ bot_email: "alerts-bot@example.zulipchat.com", api_key: "k", site: "https://example.zulipchat.com", to: "ops" });
   * ```
   */
  zulip(settings: Defaults<ChannelSettings<"zulip">, "mtype">): TypedChannel<"zulip"> {
    return made("zulip", sorted({ mtype: "stream", topic: "", ...settings }));
  },

  /**
   * A group: other integrations of the same project, each notified in turn.
   * @example
   * ```ts
   * const pager = fake.addChannel(project.id, channels.pd("service-key"));
   * fake.addChannel(project.id, channels.group([pager.id, hook.id]));
   * ```
   */
  group: (members: readonly string[]): TypedChannel<"group"> => made("group", members.join(",")),

  /**
   * A PagerDuty service's integration key (Events API v2), with the account's name when it came from PagerDuty's sign-in.
   * @example
   * ```ts
   * channels.pd("0123456789abcdef0123456789abcdef");
   * ```
   */
  pd(serviceKey: string, { account }: { account?: string } = {}): TypedChannel<"pd"> {
    return made("pd", account === undefined ? serviceKey : serviceJson({ service_key: serviceKey, account } satisfies ChannelSettings<"pd">));
  },

  /**
   * An Opsgenie API integration's key, in the US (default) or EU region.
   * @example
   * ```ts
   * channels.opsgenie("a1b2c3d4-api-key", { region: "eu" });
   * ```
   */
  opsgenie(key: string, { region = "us" }: { region?: ChannelSettings<"opsgenie">["region"] } = {}): TypedChannel<"opsgenie"> {
    return made("opsgenie", serviceJson({ region, key } satisfies ChannelSettings<"opsgenie">));
  },

  /**
   * A Pushover user key with the priorities of down and up alerts: -3 (off) to 2, 0 by default.
   * @example
   * ```ts
   * channels.po("uQiRzpo4DXghDmr9QzzfQu27cmVRsG", { priority: 1, priorityUp: -3 });
   * ```
   */
  po(userKey: string, { priority = 0, priorityUp = 0 }: { priority?: number; priorityUp?: number } = {}): TypedChannel<"po"> {
    return made("po", `${userKey}|${priority}|${priorityUp}`);
  },

  /**
   * A Telegram chat, by its id (and a forum topic's `thread_id`).
   * @example
   * ```ts
   * channels.telegram({ id: -1001234567890, type: "supergroup", name: "Ops" });
   * ```
   */
  telegram(chat: ChannelSettings<"telegram">): TypedChannel<"telegram"> {
    return made("telegram", serviceJson({ id: chat.id, type: chat.type ?? null, name: chat.name ?? null, thread_id: chat.thread_id ?? null }));
  },

  /**
   * A Pushbullet access token.
   * @example
   * ```ts
   * channels.pushbullet("o.abcdefghijklmnopqrstuvwxyz012345");
   * ```
   */
  pushbullet: (accessToken: string): TypedChannel<"pushbullet"> => made("pushbullet", accessToken),

  /**
   * A Matrix room, by its room ID (the service's bot posts there).
   * @example
   * ```ts
   * channels.matrix("!abcdefghijkl:matrix.org");
   * ```
   */
  matrix: (roomId: string): TypedChannel<"matrix"> => made("matrix", roomId),

  /**
   * A Signal recipient: a phone number or a username.
   * @example
   * ```ts
   * channels.signal("+15551234567", { up: false });
   * ```
   */
  signal: phone("signal"),

  /**
   * A phone number to text.
   * @example
   * ```ts
   * channels.sms("+15551234567");
   * ```
   */
  sms: phone("sms"),

  /**
   * A WhatsApp number.
   * @example
   * ```ts
   * channels.whatsapp("+15551234567", { up: false });
   * ```
   */
  whatsapp: phone("whatsapp"),

  /**
   * A phone number to call (calls are made only when a check goes down).
   * @example
   * ```ts
   * channels.call("+15551234567");
   * ```
   */
  call: (number: string): TypedChannel<"call"> => made("call", serviceJson({ value: number } satisfies ChannelSettings<"call">)),

  /**
   * A Trello list that gets a card for each check that goes down.
   * @example
   * ```ts
   * channels.trello({ token: "t", board_name: "Ops", list_name: "Incidents", list_id: "5e2f4c1a9b8d7e6f5a4b3c2d" });
   * ```
   */
  trello: (settings: ChannelSettings<"trello">): TypedChannel<"trello"> => made("trello", sorted(settings)),

  /**
   * A GitHub repository that gets an issue for each check that goes down, through the service's GitHub App installation.
   * @example
   * ```ts
   * channels.github({ installation_id: 123, repo: "acme/ops", labels: ["alert"] });
   * ```
   */
  github(settings: Defaults<ChannelSettings<"github">, "labels">): TypedChannel<"github"> {
    return made("github", serviceJson({ installation_id: settings.installation_id, repo: settings.repo, labels: settings.labels ?? [] }));
  },

  /**
   * An Apprise notification URL.
   * @example
   * ```ts
   * channels.apprise("json://127.0.0.1:9000/apprise");
   * ```
   */
  apprise: (url: string): TypedChannel<"apprise"> => made("apprise", url),

  /**
   * Shell commands to run going down and up (the service runs them only when enabled; the fake never does).
   * @example
   * ```ts
   * channels.shell({ cmd_down: "logger down", cmd_up: "" });
   * ```
   */
  shell: (commands: ChannelSettings<"shell">): TypedChannel<"shell"> => made("shell", sorted(commands)),
} satisfies { readonly [K in KnownChannelKind]: (...args: never[]) => TypedChannel<K> };
