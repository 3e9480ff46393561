import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { notifies } from "../src/model/kinds/registry.js";
import { renderAlert } from "../src/model/kinds/registry.js";
import { validateChannelValue } from "../src/model/notify/settings.js";
import type { AlertDirection } from "../src/model/notify/view.js";
import { alertView } from "./notify-view.js";

const KINDS = ["email", "webhook", "slack", "mattermost", "discord", "rocketchat", "msteamsw", "ntfy", "pd", "po", "sms"];

/** Texts with the characters that trip renderers: `$`, quotes, non-Latin-1, astral, lone surrogates, controls. */
const nasty = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom("", "$", "$$NAME", "$TAG1$TAG10", '"\\', "\ud800", "😀 ✓ ü", "a\nb\r\n", "*/5 * * * *", "\u00a0x\u00a0"),
);

/** Settings texts, some well-formed for their kind, most not. */
const settingsText = fc.oneof(
  nasty,
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record({
      method_down: fc.constantFrom("GET", "POST", "PUT", "get"),
      url_down: fc.constantFrom("", "http://h.test/$NAME?$JSON", "https://h.test/$TAG1/$BODY"),
      body_down: nasty,
      headers_down: fc.dictionary(fc.constantFrom("X-A", "10", "User-Agent", "Content-Type"), nasty, { maxKeys: 3 }),
      method_up: fc.constantFrom("GET", "POST", "PUT"),
      url_up: fc.constantFrom("", "http://h.test/up"),
      body_up: nasty,
      headers_up: fc.constant({}),
    })
    .map((value) => JSON.stringify(value)),
  fc
    .record({
      topic: fc.string({ maxLength: 70 }),
      url: fc.constantFrom("https://ntfy.sh", "ntfy.sh"),
      priority: fc.integer({ min: -1, max: 6 }),
      priority_up: fc.integer({ min: 0, max: 5 }),
      token: fc.string({ maxLength: 5 }),
    })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom("https://h.test/hook", '{"webhook": {"url": "https://discordapp.com/x"}}', "a@b.test", "k|-3|0"),
);

describe("notification settings and rendering never crash", () => {
  it("validation answers null or a message naming the kind, and what it accepts renders or is skipped", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        settingsText,
        fc.constantFrom<AlertDirection>("up", "down"),
        nasty,
        nasty,
        fc.option(fc.uint8Array({ maxLength: 2000 }), { nil: null }),
        (kind, value, direction, name, tags, body) => {
          const message = validateChannelValue(kind, value);
          if (message !== null) {
            expect(message.startsWith(`${kind} value: `)).toBe(true);
            return;
          }
          if (!notifies(kind, value, direction)) return;
          const view = alertView({
            channel: { kind, value },
            check: { name, tags, desc: name },
            flip: { status: direction, reason: direction === "up" ? "" : "fail" },
            lastPing: { ...alertView().lastPing!, body },
          });
          const rendered = renderAlert(view);
          if (rendered.type !== "http") return;
          expect(rendered.url).toMatch(/^https?:\/\/[^\s]+$/);
          for (const [header, text] of rendered.headers) {
            expect(header).toMatch(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/);
            expect([...text].every((char) => (char.codePointAt(0) as number) <= 0xff)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
