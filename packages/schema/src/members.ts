/**
 * The member orders of the service's representations, without zod, for
 * the `lite` entry (the fake renders its answers in these orders).
 * @module
 */
/** Members of a read-write check in the live service's order. */
export const LIVE_CHECK_MEMBERS = [
  "name", "slug", "tags", "desc", "grace", "n_pings", "status", "started", "last_ping", "next_ping",
  "manual_resume", "methods", "subject", "subject_fail", "start_kw", "success_kw", "failure_kw",
  "filter_subject", "filter_body", "filter_http_body", "filter_default_fail", "badge_url", "last_duration",
  "uuid", "ping_url", "update_url", "pause_url", "resume_url", "channels",
] as const;
/** Members of a read-only check in the live service's order. */
export const LIVE_READ_ONLY_CHECK_MEMBERS = [...LIVE_CHECK_MEMBERS.slice(0, 23), "unique_key"] as const;
/** Members of a read-write check in the seed's order (`docs/reference.md#5-check-members`). */
export const SEED_CHECK_MEMBERS = [
  "name", "slug", "tags", "desc", "grace", "n_pings", "status", "started", "last_ping", "next_ping",
  "manual_resume", "methods", "start_kw", "success_kw", "failure_kw", "filter_subject", "filter_body",
  "ping_url", "update_url", "pause_url", "resume_url", "channels",
] as const;
/** Members of a read-only check in the seed's order. */
export const SEED_READ_ONLY_CHECK_MEMBERS = [...SEED_CHECK_MEMBERS.slice(0, 17), "unique_key"] as const;

/** Ping-list members in the live service's order. */
export const PING_MEMBERS = [
  "type", "date", "n", "scheme", "remote_addr", "method", "ua", "rid", "body_url", "duration",
] as const;

/** Colours of the Shields badge per status. */
export const SHIELDS_COLORS = { up: "success", late: "important", down: "critical" } as const;
