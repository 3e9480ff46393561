/** A plain `AlertView` for the renderer unit tests, with overrides. */
import type { AlertView } from "../src/model/notify/view.js";

/** 2026-11-26T10:00:00Z. */
export const NOW = Date.UTC(2026, 10, 26, 10, 0, 0);

type Overrides = Partial<Omit<AlertView, "check" | "channel" | "flip">> & {
  check?: Partial<AlertView["check"]>;
  channel?: Partial<AlertView["channel"]>;
  flip?: Partial<AlertView["flip"]>;
};

/** A down flip by failure of a named, tagged simple check, delivered to `channel`. */
export function alertView(overrides: Overrides = {}): AlertView {
  const { check, channel, flip, ...rest } = overrides;
  return {
    site: { root: "http://fake.test", name: "Mychecks" },
    project: { name: "Ops" },
    channel: { id: "00000000-0000-4000-8000-0000000000c1", kind: "webhook", name: "hook", value: "", ...channel },
    check: {
      uuid: "11111111-2222-4333-8444-555555555555",
      name: "backup",
      slug: "backup",
      tags: "prod db",
      desc: "",
      kind: "simple",
      timeout: 3600,
      grace: 60,
      schedule: "* * * * *",
      tz: "UTC",
      uniqueKey: "0123456789abcdef0123456789abcdef01234567",
      created: NOW - 86_400_000,
      json: '{"name": "backup"}',
      ...check,
    },
    flip: { status: "down", reason: "fail", at: NOW - 5000, ...flip },
    downtimeMs: null,
    lastPing: {
      n: 3,
      type: "fail",
      exitStatus: null,
      body: null,
      remoteAddr: "10.0.0.1",
      at: NOW - 5000,
      subject: null,
    },
    now: NOW,
    others: [],
    overview: null,
    unsubscribeUrl: "http://fake.test/unsub/x/",
    ...rest,
  };
}

/** A webhook settings text with the given down direction (up left empty). */
export function webhookValue(down: Record<string, unknown>): string {
  return JSON.stringify({
    method_down: "POST",
    url_down: "http://hook.test/down",
    body_down: "",
    headers_down: {},
    method_up: "GET",
    url_up: "",
    body_up: "",
    headers_up: {},
    ...down,
  });
}
