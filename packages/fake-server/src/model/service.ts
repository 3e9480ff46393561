/**
 * The service as every operation sees it: its data, its identifier source
 * and its settings (the facade's options with their defaults applied).
 * @module
 */
import type { Compat } from "@checks-api/schema/lite";
import type { IdSource } from "./ids.js";
import type { ServiceLimits } from "./limits.js";
import type { Store } from "./store.js";
import type { VendorUrls } from "./kinds/registry.js";

/**
 * The fake's options with their defaults applied, as `FakeServer.options`
 * holds them (`FakeServerOptions` says what each one does).
 */
export interface ResolvedOptions extends ServiceLimits {
  /** `seed` or `live`. */
  compat: Compat;
  /** Site root used in printed URLs, without a trailing slash. */
  baseUrl: string;
  /** Ping endpoint, ending with `/`. */
  pingEndpoint: string;
  /** Label of the `*` badge. */
  siteName: string;
  /** Secret of the badge signatures. */
  badgeSecret: string;
  /** Domain of the inbound email addresses. */
  pingEmailDomain: string;
  /** Journal entries kept (the oldest are dropped). */
  journalLimit: number;
  /** Bytes the journal holds at most (the oldest entries are dropped). */
  journalByteLimit: number;
  /** Characters kept of each body in the journal. */
  journalExcerpt: number;
  /** The remote-control API's settings, or `null` when remote control is off. */
  control: ControlSettings | null;
  /** Outgoing notifications' settings. */
  notifications: NotificationSettings;
}

/**
 * Outgoing notifications' settings with their defaults applied
 * (`NotificationOptions` says what each one does).
 */
export interface NotificationSettings {
  /** `send`: over the network; `fetch`: through the `fetch` option; `record`: recorded, nothing sent. */
  delivery: "send" | "fetch" | "record";
  /** Time limit of one HTTP attempt, ms. */
  attemptTimeoutMs: number;
  /** Flips whose requests are sent at the same time, at most. */
  workers: number;
  /** Delivery records the outbox keeps. */
  outboxLimit: number;
  /** Bytes the outbox holds at most. */
  outboxByteLimit: number;
  /** Base URLs that vendor kinds' requests are sent to instead of being only recorded. */
  vendorUrls: VendorUrls;
  /** The SMTP server alert emails are also sent to, as `smtp://host:port`, or `null`. */
  smtpRelay: string | null;
}

/**
 * The remote-control API's settings with their defaults applied
 * (`ControlOptions` says what each one does).
 */
export interface ControlSettings {
  /** Path prefix of the control endpoints, e.g. `/__fake`. */
  prefix: string;
  /** Bearer token every control request must carry, or `null` for none. */
  token: string | null;
  /** `Host` values accepted besides loopback names and the host of `baseUrl`; `*` accepts any. */
  allowedHosts: readonly string[];
  /** Browser origins accepted besides the request's own and that of `baseUrl`; `*` accepts any. */
  allowedOrigins: readonly string[];
  /** Largest control request body, in bytes (state import aside). */
  bodyLimit: number;
  /** Largest `PUT {prefix}/state` body, in bytes. */
  stateBodyLimit: number;
}

/** The service state shared by the handlers. */
export interface Core {
  /** All data. */
  readonly store: Store;
  /** Identifier source. */
  readonly ids: IdSource;
  /** Resolved options. */
  readonly options: ResolvedOptions;
}
