/**
 * Limits, defaults and enumerations of the Checks Management API v3.
 * The SDK and the fake server import these instead of repeating them.
 * @module
 */

/** Smallest accepted `timeout` and `grace`, in seconds. */
export const DURATION_MIN = 60;
/** Largest accepted `timeout` and `grace`, in seconds (365 days). */
export const DURATION_MAX = 31_536_000;
/** Maximum length of `name`, in characters (code points). */
export const NAME_MAX_LENGTH = 100;
/** Maximum length of `slug`, in characters. */
export const SLUG_MAX_LENGTH = 100;
/** Maximum length of `schedule`, in characters. */
export const SCHEDULE_MAX_LENGTH = 100;
/** Maximum length of `start_kw`, `success_kw`, `failure_kw`, `subject`, `subject_fail`. */
export const KEYWORD_MAX_LENGTH = 200;
/** Maximum length of `tags` (the service's database column). */
export const TAGS_MAX_LENGTH = 500;
/** Pattern every `slug` must match (empty allowed). */
export const SLUG_PATTERN = /^[a-z0-9_-]*$/;
/** Length of every API key, read-write or read-only. */
export const API_KEY_LENGTH = 32;
/** Prefix of generated read-write API keys. */
export const READ_WRITE_KEY_PREFIX = "hcw_";
/** Prefix of generated read-only API keys. */
export const READ_ONLY_KEY_PREFIX = "hcr_";
/** Default per-account check limit (a free account). */
export const DEFAULT_CHECK_LIMIT = 20;
/** Default per-account ping-log limit (a free account; paid accounts have 1000). */
export const DEFAULT_PING_LOG_LIMIT = 100;
/** The list-pings endpoint never returns more than this many pings. */
export const PING_LIST_MAX = 1000;
/** Default ping body limit in bytes; `Ping-Body-Limit` announces it. */
export const DEFAULT_PING_BODY_LIMIT = 10_000;
/** Largest exit status a ping URL accepts (`0` success, `1`–`255` failure). */
export const EXIT_STATUS_MAX = 255;
/** A ping's user agent is cut to this many characters. */
export const USER_AGENT_MAX_LENGTH = 200;
/** Largest `seconds` value of the flips query. */
export const FLIPS_SECONDS_MAX = 31_536_000;
/** Largest `start` / `end` value of the flips query (UNIX seconds). */
export const FLIPS_TIMESTAMP_MAX = 10_000_000_000;
/** A per-ping `duration` pairs a success/fail with a start at most this many seconds earlier. */
export const DURATION_PAIRING_WINDOW_SECONDS = 72 * 3600;

/** Defaults of a new check, as the service applies them on create. */
export const CHECK_DEFAULTS = {
  name: "",
  slug: "",
  tags: "",
  desc: "",
  timeout: 86_400,
  grace: 3_600,
  schedule: "* * * * *",
  tz: "UTC",
  manual_resume: false,
  methods: "",
  start_kw: "",
  success_kw: "",
  failure_kw: "",
  filter_subject: false,
  filter_body: false,
  filter_http_body: false,
  filter_default_fail: false,
} as const;

/** Statuses a check can show (`started` only in API v1). */
export const CHECK_STATUSES = ["new", "up", "grace", "down", "paused", "started"] as const;
/** A check status as shown by the API. */
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** Statuses the service stores (`grace` is computed, never stored). */
export const STORED_STATUSES = ["new", "up", "down", "paused"] as const;
/** A stored check status. */
export type StoredStatus = (typeof STORED_STATUSES)[number];

/** Values of a ping log entry's `type`. */
export const PING_TYPES = ["success", "start", "fail", "log", "ign"] as const;
/** The kind of a logged ping. */
export type PingType = (typeof PING_TYPES)[number];

/** Accepted values of a check's `methods`. */
export const METHODS_VALUES = ["", "POST"] as const;
/** A check's allowed ping methods: `""` (any) or `"POST"`. */
export type Methods = (typeof METHODS_VALUES)[number];

/** Members a create request may name in `unique`. */
export const UNIQUE_FIELDS = ["name", "slug", "tags", "timeout", "grace"] as const;
/** A member usable in `unique`. */
export type UniqueField = (typeof UNIQUE_FIELDS)[number];

/** Integration kinds of the live service, with their display names. */
export const CHANNEL_KINDS = {
  apprise: "Apprise",
  call: "Phone Call",
  discord: "Discord",
  email: "Email",
  github: "GitHub",
  googlechat: "Google Chat",
  gotify: "Gotify",
  group: "Group",
  matrix: "Matrix",
  mattermost: "Mattermost",
  msteamsw: "Microsoft Teams",
  ntfy: "ntfy",
  opsgenie: "Opsgenie",
  pagertree: "PagerTree",
  pd: "PagerDuty",
  po: "Pushover",
  pushbullet: "Pushbullet",
  rocketchat: "Rocket.Chat",
  shell: "Shell Command",
  signal: "Signal",
  slack: "Slack",
  sms: "SMS",
  spike: "Spike",
  telegram: "Telegram",
  trello: "Trello",
  victorops: "Splunk On-Call",
  webhook: "Webhook",
  whatsapp: "WhatsApp",
  zulip: "Zulip",
} as const;
/** An integration kind the live service knows. */
export type KnownChannelKind = keyof typeof CHANNEL_KINDS;
/** Whether `kind` is one of {@link CHANNEL_KINDS}. */
export function isKnownChannelKind(kind: string): kind is KnownChannelKind {
  return Object.hasOwn(CHANNEL_KINDS, kind);
}
/** Retired integration kinds that older data may still show. */
export const RETIRED_CHANNEL_KINDS = ["hipchat", "pagerteam", "zendesk", "msteams", "linenotify"] as const;

/** Badge output formats. */
export const BADGE_FORMATS = ["svg", "json", "shields"] as const;
/** A badge output format. */
export type BadgeFormat = (typeof BADGE_FORMATS)[number];
/** Keys of one badge-set entry, in the order the service emits them. */
export const BADGE_KEYS = ["svg", "svg3", "json", "json3", "shields", "shields3"] as const;
/** A key of a badge-set entry. */
export type BadgeKey = (typeof BADGE_KEYS)[number];
/** Badge states. */
export const BADGE_STATUSES = ["up", "late", "down"] as const;
/** A badge status. */
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

/** The fake server's and the SDK's compatibility modes (`docs/reference.md#seed-and-live-the-fourteen-differences`). */
export const COMPAT_MODES = ["seed", "live"] as const;
/** `seed` follows the seed document; `live` mimics the live service. */
export type Compat = (typeof COMPAT_MODES)[number];
