/**
 * The settings of every integration kind as the service stores them (a
 * channel's `value`), declared once as plain data: which members a kind's
 * JSON object has, or which text it takes, and the rules its add form
 * holds them to. The TypeScript types of the settings are derived from the
 * same declaration ({@link ChannelSettings}), and the fake server validates
 * a channel's `value` by interpreting it.
 * @module
 */
import type { KnownChannelKind } from "./limits.js";

/** Longest URL a kind's form accepts (webhooks, chat kinds, Gotify, ntfy), in characters. */
export const CHANNEL_URL_MAX_LENGTH = 1000;
/** Longest webhook body template, header name or header value, in characters. */
export const WEBHOOK_TEXT_MAX_LENGTH = 1000;
/** Longest email address of an email channel, in characters. */
export const CHANNEL_EMAIL_MAX_LENGTH = 100;
/** The methods a webhook direction may use. */
export const WEBHOOK_METHODS = ["GET", "POST", "PUT"] as const;
/** A webhook direction's method. */
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

/** The form of a text member or value: what it must look like beyond its length. */
export type TextFormat =
  /** An `http` or `https` URL with a host, no whitespace. */
  | "url"
  /** An email address as the service's form accepts it. */
  | "email"
  /** A comma-separated list of integration UUIDs (a group's members). */
  | "uuids";

/** A text member (or a kind whose whole value is text). */
export interface TextRule {
  /** Discriminant. */
  readonly type: "text";
  /** Fewest characters (code points); default 0. */
  readonly min?: number;
  /** Most characters (code points). */
  readonly max?: number;
  /** A format it must have (an empty text passes when `min` is 0). */
  readonly format?: TextFormat;
  /** A pattern it must match, with what the refusal says it must be. */
  readonly pattern?: { readonly regex: RegExp; readonly means: string };
  /** The member may be left out. */
  readonly optional?: true;
  /** The member may be `null`. */
  readonly nullable?: true;
}

/** A whole-number member. */
export interface IntegerRule {
  /** Discriminant. */
  readonly type: "integer";
  /** The only values allowed (a form's choices). */
  readonly values?: readonly number[];
  /** Smallest value. */
  readonly min?: number;
  /** Largest value. */
  readonly max?: number;
  /** The member may be left out. */
  readonly optional?: true;
  /** The member may be `null`. */
  readonly nullable?: true;
}

/** A `true`/`false` member. */
export interface BooleanRule {
  /** Discriminant. */
  readonly type: "boolean";
  /** The member may be left out. */
  readonly optional?: true;
}

/** A member that holds one of a few texts. */
export interface ChoiceRule {
  /** Discriminant. */
  readonly type: "choice";
  /** The allowed texts. */
  readonly values: readonly string[];
}

/** An object of HTTP header names (RFC 9110 tokens) to text values without line breaks, each at most `max` characters. */
export interface HeadersRule {
  /** Discriminant. */
  readonly type: "headers";
  /** Longest name or value. */
  readonly max: number;
}

/** A list of texts, each at most `max` characters. */
export interface TextListRule {
  /** Discriminant. */
  readonly type: "texts";
  /** Longest item. */
  readonly max: number;
}

/** A nested JSON object. */
export interface ObjectRule {
  /** Discriminant. */
  readonly type: "object";
  /** Its members. */
  readonly members: Readonly<Record<string, MemberRule>>;
}

/** The rule of one member of a kind's settings object. */
export type MemberRule = TextRule | IntegerRule | BooleanRule | ChoiceRule | HeadersRule | TextListRule | ObjectRule;

/**
 * How one kind stores its settings: a plain text (`text`), a JSON object
 * (`members`; other members are ignored, as the service ignores them), or
 * either (a text that does not start with `{` is the plain form).
 */
export interface SettingsDeclaration {
  /** The plain-text form. */
  readonly text?: TextRule;
  /** The members of the JSON-object form. */
  readonly members?: Readonly<Record<string, MemberRule>>;
  /** Members of which at least one must be on (`true`, or a non-empty text): a channel that would never notify is refused. */
  readonly anyOf?: readonly string[];
}

const url = { type: "text", min: 1, max: CHANNEL_URL_MAX_LENGTH, format: "url" } as const;
const boolean = { type: "boolean" } as const;
const phone = { type: "text", pattern: { regex: /^\+\d{5,15}$/, means: "a phone number such as +15551234567" } } as const;
const webhookMethod = { type: "choice", values: WEBHOOK_METHODS } as const;
const webhookUrl = { type: "text", max: CHANNEL_URL_MAX_LENGTH, format: "url" } as const;
const webhookBody = { type: "text", max: WEBHOOK_TEXT_MAX_LENGTH } as const;
const webhookHeaders = { type: "headers", max: WEBHOOK_TEXT_MAX_LENGTH } as const;
const slackLike = { text: url, members: { incoming_webhook: { type: "object", members: { url } } } } as const;
const phoneUpDown = { members: { value: phone, up: boolean, down: boolean }, anyOf: ["up", "down"] } as const;

/**
 * Every kind's stored settings, with the rules of the service's add form
 * (lengths, choices, formats). A channel whose `value` is `""` has no
 * settings: accepted for every kind.
 */
export const CHANNEL_SETTINGS = {
  apprise: { text: { type: "text", min: 1, max: 512 } },
  call: { members: { value: phone } },
  discord: { members: { webhook: { type: "object", members: { url } } } },
  email: {
    text: { type: "text", max: CHANNEL_EMAIL_MAX_LENGTH, format: "email" },
    members: { value: { type: "text", max: CHANNEL_EMAIL_MAX_LENGTH, format: "email" }, up: boolean, down: boolean },
    anyOf: ["up", "down"],
  },
  github: {
    members: {
      installation_id: { type: "integer", min: 1 },
      repo: { type: "text", min: 3, max: 500, pattern: { regex: /^[^/\s]+\/[^/\s]+$/, means: "owner/name" } },
      labels: { type: "texts", max: 500 },
    },
  },
  googlechat: { text: url },
  gotify: {
    members: {
      url,
      token: { type: "text", min: 1, max: 50 },
      priority: { type: "integer", values: [0, 2, 5, 9] },
      priority_up: { type: "integer", values: [0, 2, 5, 9] },
    },
  },
  group: { text: { type: "text", min: 1, format: "uuids" } },
  matrix: { text: { type: "text", min: 1, max: 255, pattern: { regex: /^!\S+:\S+$/, means: "a room ID such as !abc:matrix.org" } } },
  mattermost: slackLike,
  msteamsw: { text: url },
  ntfy: {
    members: {
      topic: { type: "text", min: 1, max: 64 },
      url,
      priority: { type: "integer", min: 0, max: 5 },
      priority_up: { type: "integer", min: 0, max: 5 },
      token: { type: "text", max: 100, optional: true, pattern: { regex: /^[\x21-\x7e]*$/, means: "visible ASCII characters" } },
    },
  },
  opsgenie: { members: { key: { type: "text", min: 1, max: 40 }, region: { type: "choice", values: ["us", "eu"] } } },
  pagertree: { text: url },
  pd: {
    text: { type: "text", min: 1, max: 32 },
    members: { service_key: { type: "text", min: 1, max: 32 }, account: { type: "text", optional: true, nullable: true } },
  },
  po: {
    text: {
      type: "text",
      pattern: {
        regex: /^[^|]+\|(?:-[1-3]|[0-2])(?:\|(?:-[1-3]|[0-2]))?$/,
        means: "user key|priority|up priority, priorities from -3 (off) to 2",
      },
    },
  },
  pushbullet: { text: { type: "text", min: 1, max: 200 } },
  rocketchat: { text: url },
  shell: { members: { cmd_down: { type: "text", max: 1000 }, cmd_up: { type: "text", max: 1000 } } },
  signal: {
    members: {
      value: {
        type: "text",
        pattern: { regex: /^(?:\+\d{5,15}|\w{3,48}\.\d{2,10})$/, means: "a phone number such as +15551234567 or a username such as name.01" },
      },
      up: boolean,
      down: boolean,
    },
    anyOf: ["up", "down"],
  },
  slack: slackLike,
  sms: phoneUpDown,
  spike: { text: url },
  telegram: {
    members: {
      id: { type: "integer" },
      thread_id: { type: "integer", optional: true, nullable: true },
      type: { type: "text", optional: true, nullable: true },
      name: { type: "text", optional: true, nullable: true },
    },
  },
  trello: {
    members: {
      token: { type: "text", min: 1, max: 1000 },
      board_name: { type: "text", min: 1, max: 100 },
      list_name: { type: "text", min: 1, max: 100 },
      list_id: { type: "text", pattern: { regex: /^[0-9a-fA-F]{16,32}$/, means: "16 to 32 hex digits" } },
    },
  },
  victorops: { text: url },
  webhook: {
    members: {
      method_down: webhookMethod,
      url_down: webhookUrl,
      body_down: webhookBody,
      headers_down: webhookHeaders,
      method_up: webhookMethod,
      url_up: webhookUrl,
      body_up: webhookBody,
      headers_up: webhookHeaders,
    },
    anyOf: ["url_down", "url_up"],
  },
  whatsapp: phoneUpDown,
  zulip: {
    members: {
      bot_email: { type: "text", max: 100, format: "email" },
      api_key: { type: "text", min: 1, max: 50 },
      site: { type: "text", min: 1, max: 100, format: "url" },
      mtype: { type: "choice", values: ["stream", "private"] },
      to: { type: "text", min: 1, max: 100 },
      topic: { type: "text", max: 100, optional: true },
    },
  },
} as const satisfies Readonly<Record<KnownChannelKind, SettingsDeclaration>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Nullable<R, T> = R extends { readonly nullable: true } ? T | null : T;
/** The value type of a member rule. */
export type MemberValue<R> = R extends TextRule
  ? Nullable<R, string>
  : R extends IntegerRule
    ? Nullable<R, R extends { readonly values: readonly (infer V)[] } ? V : number>
    : R extends BooleanRule
      ? boolean
      : R extends ChoiceRule
        ? R["values"][number]
        : R extends HeadersRule
          ? Record<string, string>
          : R extends TextListRule
            ? string[]
            : R extends ObjectRule
              ? MembersValue<R["members"]>
              : never;
/** The object type of a set of member rules (optional members may be left out). */
export type MembersValue<M> = Simplify<
  { -readonly [K in keyof M as M[K] extends { readonly optional: true } ? never : K]: MemberValue<M[K]> } & {
    -readonly [K in keyof M as M[K] extends { readonly optional: true } ? K : never]?: MemberValue<M[K]>;
  }
>;
type DeclarationValue<D> =
  | (D extends { readonly text: TextRule } ? string : never)
  | (D extends { readonly members: infer M } ? MembersValue<M> : never);

/**
 * The settings of a kind as stored, before they are written as text: the
 * object a JSON-object kind stores (`ChannelSettings<"gotify">` is
 * `{ url: string; token: string; priority: number; priority_up: number }`),
 * or `string` for a kind whose value is plain text (a URL, a key).
 */
export type ChannelSettings<K extends KnownChannelKind> = DeclarationValue<(typeof CHANNEL_SETTINGS)[K]>;
