/**
 * What the service's notification senders read, as plain data: one
 * {@link AlertView} per delivery (a channel, a flip of a check, the check as
 * it is when the delivery runs), and what rendering it gives. Renderers are
 * pure functions of these, so that each captured delivery can be reproduced
 * byte for byte without a clock, a store or a socket.
 * @module
 */
import type { PingType } from "@checks-api/schema/lite";
import type { CheckKind } from "../store.js";

/** The direction of a flip that notifies: to `down`, or back `up` after `down`. */
export type AlertDirection = "up" | "down";

/** The last ping at or before the flip, as messages describe it. */
export interface AlertPing {
  /** Sequence number within the check (the "Total pings" figure). */
  n: number;
  /** The logged kind of the ping. */
  type: PingType;
  /** Exit status sent with the ping (`/ping/<uuid>/<n>`), or `null` when it had none. */
  exitStatus: number | null;
  /** Stored body bytes, or `null`. */
  body: Uint8Array | null;
  /** Caller address, or `null`. */
  remoteAddr: string | null;
  /** Arrival time, epoch ms. */
  at: number;
  /** Subject of a ping that arrived by email, otherwise `null`. */
  subject: string | null;
}

/** Another check of the same project, as the chat kinds list those that are down. */
export interface AlertOtherCheck {
  /** Check UUID. */
  uuid: string;
  /** The read-only `unique_key` (its public page's last segment). */
  uniqueKey: string;
  /** Name, `""` when unnamed. */
  name: string;
  /** Status as the API shows it at delivery time. */
  status: "new" | "up" | "grace" | "down" | "paused" | "started";
  /** Last success or failure signal, epoch ms, or `null`. */
  lastPing: number | null;
}

/** Everything one delivery's renderer needs. */
export interface AlertView {
  /** The site the fake stands for. */
  site: {
    /** Site root without a trailing slash (the fake's `baseUrl`). */
    root: string;
    /** Site name (`Mychecks` by default). */
    name: string;
  };
  /** The check's project. */
  project: {
    /** Project name. */
    name: string;
  };
  /** The channel being notified, with its settings in the service's stored text form. */
  channel: {
    /** Integration UUID. */
    id: string;
    /** Integration kind. */
    kind: string;
    /** Display name. */
    name: string;
    /** Stored settings text (`""` when the test gave none). */
    value: string;
  };
  /** The check as it is when the delivery runs. */
  check: {
    /** Check UUID. */
    uuid: string;
    /** Name, `""` when unnamed. */
    name: string;
    /** Slug, `""` when none. */
    slug: string;
    /** Tags exactly as stored (space-separated). */
    tags: string;
    /** Description. */
    desc: string;
    /** Simple, cron or OnCalendar. */
    kind: CheckKind;
    /** Period in seconds (simple checks). */
    timeout: number;
    /** Grace time in seconds. */
    grace: number;
    /** Schedule expression (cron and OnCalendar checks). */
    schedule: string;
    /** Time zone of the schedule. */
    tz: string;
    /** The read-only `unique_key` (the cloaked URL's last segment). */
    uniqueKey: string;
    /** Creation time, epoch ms. */
    created: number;
    /** `$JSON`: the v3 read-write representation at delivery time, already serialised as the service prints JSON. */
    json: string;
  };
  /** The flip being delivered. */
  flip: {
    /** Its new status. */
    status: AlertDirection;
    /** `fail`, `timeout`, or `""` (successes). */
    reason: "" | "fail" | "timeout";
    /** Its time (for a timeout: when the check went down), epoch ms. */
    at: number;
  };
  /** For an `up` flip whose previous flip was to `down`: the time between the two, ms; otherwise `null`. */
  downtimeMs: number | null;
  /** The last ping at or before the flip, or `null` when there is none. */
  lastPing: AlertPing | null;
  /** When the delivery runs, epoch ms (relative times are measured from it). */
  now: number;
  /** The project's other checks, in the order the API lists them. */
  others: AlertOtherCheck[];
  /**
   * The email "Projects Overview" when the recipient is the user of an
   * account, else `null`: each project's UUID, the name it is listed
   * under (its owner's address when it has none) and its count of checks down.
   */
  overview: Array<{ id: string; project: string; down: number }> | null;
  /** The channel's unsubscribe URL, which an email shows (its footer and `List-Unsubscribe`). */
  unsubscribeUrl: string;
}

/** An HTTP request a delivery makes (webhooks and the chat kinds). */
export interface HttpAlert {
  /** Discriminant. */
  type: "http";
  /** Upper-case method. */
  method: string;
  /** Absolute `http:` or `https:` URL. */
  url: string;
  /** Headers in sending order; values hold only code points up to U+00FF (sent as Latin-1). */
  headers: Array<[name: string, value: string]>;
  /** Body bytes, or `null` for none. */
  body: Uint8Array | null;
  /** User and password the client sends as Basic credentials (the service's `auth=`), right after `Host`. */
  auth?: readonly [user: string, password: string];
  /** Whether the body is a form: the client adds `Content-Type: application/x-www-form-urlencoded` after `Content-Length`, and may send it again after a redirect. */
  form?: boolean;
  /** What a phone kind's message says, kept beside its request. */
  text?: string;
  /** Set to the kind for a request to the vendor's own address (PagerDuty, Telegram, …): recorded, not sent, unless the fake is given a base URL for the kind. */
  vendor?: string;
}

/** An alert email (the `email` kind). */
export interface EmailAlert {
  /** Discriminant. */
  type: "email";
  /** Recipient address. */
  to: string;
  /** Subject, decoded (not RFC 2047 encoded). */
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  /** The message's header fields in the service's order, values decoded (not RFC 2047 encoded). */
  headers: Array<[name: string, value: string]>;
  /** `last-ping.eml` when the last ping came by email, otherwise empty. */
  attachments: EmailAttachment[];
}

/** A file attached to an alert email. */
export interface EmailAttachment {
  /** File name (`last-ping.eml`). */
  filename: string;
  /** MIME type (`message/rfc822`). */
  contentType: string;
  /** The attached message's text. */
  content: string;
}

/** A kind the fake does not deliver: a delivery record without a request. */
export interface SilentAlert {
  /** Discriminant. */
  type: "none";
}

/** What rendering one {@link AlertView} gives. */
export type RenderedAlert = HttpAlert | EmailAlert | SilentAlert;
