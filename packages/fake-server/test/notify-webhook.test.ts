import { describe, expect, it } from "vitest";
import { latin1References, placeholderValues, substitute } from "../src/model/notify/placeholders.js";
import { renderAlert } from "../src/model/kinds/registry.js";
import type { AlertView, HttpAlert } from "../src/model/notify/view.js";
import { sentRequest } from "../src/notify/outbox.js";
import { firstRequest } from "../src/transport/wire-request.js";
import { percentEncode } from "../src/text/percent.js";
import { alertView, webhookValue } from "./notify-view.js";

const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

function render(view: AlertView): HttpAlert {
  const rendered = renderAlert(view);
  if (rendered.type !== "http") throw new Error(`expected a request, got ${rendered.type}`);
  return rendered;
}

/** The body rendered from `template` for a down flip of `view`'s check. */
function body(template: string, overrides: Parameters<typeof alertView>[0] = {}): string | null {
  const view = alertView({ ...overrides, channel: { kind: "webhook", value: webhookValue({ body_down: template }) } });
  return text(render(view).body);
}

describe("placeholder substitution", () => {
  const values = placeholderValues(alertView(), "body");

  it("keeps unknown words as they are", () => {
    expect(substitute("$UNKNOWN and $name and $", values)).toBe("$UNKNOWN and $name and $");
  });

  it("takes the first placeholder the piece starts with, keeping the rest", () => {
    expect(substitute("$NAMEX", values)).toBe("backupX");
    expect(substitute("$STATUSES", values)).toBe("downES");
    expect(substitute("$NAME_JSON", values)).toBe('"backup"');
    expect(substitute("$BODY_JSONX", values)).toBe('""X');
  });

  it("leaves the lone dollar of $$STATUS", () => {
    expect(substitute("$$STATUS", values)).toBe("$down");
  });

  it("knows only as many $TAGn as there are tags", () => {
    expect(substitute("$TAG1,$TAG2,$TAG3", values)).toBe("prod,db,$TAG3");
  });

  it("reads $TAG10 as $TAG1 followed by 0", () => {
    const tags = Array.from({ length: 11 }, (_, i) => `t${i + 1}`).join(" ");
    const many = placeholderValues(alertView({ check: { tags } }), "body");
    expect(substitute("$TAG10|$TAG11|$TAG2", many)).toBe("t10|t11|t2");
    expect(substitute("$TAG10", placeholderValues(alertView({ check: { tags: "a b" } }), "body"))).toBe("a0");
  });

  it("drops empty pieces of the tags and keeps $TAGS as stored", () => {
    const spaced = placeholderValues(alertView({ check: { tags: " a  b " } }), "body");
    expect(substitute("$TAGS|$TAG1|$TAG2|$TAG3", spaced)).toBe(" a  b |a|b|$TAG3");
  });

  it("never expands a placeholder that a value brings in", () => {
    const view = alertView({ check: { name: "n $TAG1 $STATUS", tags: "x" } });
    expect(substitute("$NAME/$TAG1", placeholderValues(view, "body"))).toBe("n $TAG1 $STATUS/x");
  });

  it("knows $BODY and $BODY_JSON only in bodies", () => {
    const view = alertView({ lastPing: { ...alertView().lastPing!, body: new TextEncoder().encode("oops") } });
    expect(substitute("$BODY $BODY_JSON", placeholderValues(view, "url"))).toBe("$BODY $BODY_JSON");
    expect(substitute("$BODY $BODY_JSON", placeholderValues(view, "header"))).toBe("$BODY $BODY_JSON");
    expect(substitute("$BODY $BODY_JSON", placeholderValues(view, "body"))).toBe('oops "oops"');
  });

  it("gives $EXITSTATUS of the last ping, -1 without one", () => {
    const ping = alertView().lastPing!;
    const exit = (lastPing: AlertView["lastPing"]) =>
      substitute("$EXITSTATUS", placeholderValues(alertView({ lastPing }), "body"));
    expect(exit({ ...ping, exitStatus: 7 })).toBe("7");
    expect(exit({ ...ping, type: "success", exitStatus: 0 })).toBe("0");
    expect(exit({ ...ping, exitStatus: null })).toBe("-1");
    expect(exit(null)).toBe("-1");
  });

  it("gives $NOW as the flip's time in whole seconds", () => {
    const view = alertView({ flip: { at: Date.UTC(2026, 0, 2, 3, 4, 5, 999) } });
    expect(substitute("$NOW", placeholderValues(view, "body"))).toBe("2026-01-02T03:04:05+00:00");
  });

  it("decodes a body with invalid UTF-8 into U+FFFD and keeps a byte order mark", () => {
    const ping = { ...alertView().lastPing!, body: Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62]) };
    expect(substitute("$BODY", placeholderValues(alertView({ lastPing: ping }), "body"))).toBe("\ufeffa\ufffdb");
  });
});

describe("URL escaping", () => {
  it("percent-encodes every byte but letters, digits, _ . - ~ and /", () => {
    expect(percentEncode("aZ09_.-~/")).toBe("aZ09_.-~/");
    expect(percentEncode(': +"?&=#%')).toBe("%3A%20%2B%22%3F%26%3D%23%25");
    expect(percentEncode("Zürich ✓ 🔴")).toBe("Z%C3%BCrich%20%E2%9C%93%20%F0%9F%94%B4");
  });

  it("escapes substituted values in a webhook URL, not the template or the UUID, status and slug", () => {
    const view = alertView({
      check: { name: "a b/c", slug: "my-slug", tags: "x:y", json: '{"a": "http://x"}' },
      channel: {
        value: webhookValue({ url_down: "http://hook.test/$SLUG/$STATUS/$CODE?n=$NAME&t=$TAGS&1=$TAG1&j=$JSON&q=a:\"b" }),
      },
    });
    expect(render(view).url).toBe(
      "http://hook.test/my-slug/down/11111111-2222-4333-8444-555555555555" +
        "?n=a%20b/c&t=x%3Ay&1=x%3Ay&j=%7B%22a%22%3A%20%22http%3A//x%22%7D&q=a:\"b",
    );
  });
});

describe("webhook requests", () => {
  it("sends the body only for POST and PUT with a non-empty template", () => {
    const withMethod = (method: string, template: string) =>
      render(alertView({ channel: { value: webhookValue({ method_down: method, body_down: template }) } }));
    expect(withMethod("GET", "never sent $NAME").body).toBeNull();
    expect(text(withMethod("POST", "$NAME").body)).toBe("backup");
    expect(text(withMethod("PUT", "$NAME").body)).toBe("backup");
    expect(withMethod("POST", "").body).toBeNull();
    // A template that renders empty is still an upload, of zero bytes: the client decides how to frame it.
    expect(withMethod("PUT", "$BODY").body?.byteLength).toBe(0);
  });

  it("leaves a name with quotes unescaped inside a JSON body, unlike $NAME_JSON", () => {
    expect(body('{"n": "$NAME", "j": $NAME_JSON}', { check: { name: 'say "hi" — ü' } })).toBe(
      '{"n": "say "hi" — ü", "j": "say \\"hi\\" \\u2014 \\u00fc"}',
    );
  });

  it("sends no Content-Type of its own and adds User-Agent: healthchecks.io last", () => {
    const rendered = render(alertView({ channel: { value: webhookValue({ headers_down: { "X-A": "1" } }) } }));
    expect(rendered.headers).toEqual([
      ["X-A", "1"],
      ["User-Agent", "healthchecks.io"],
    ]);
  });

  it("keeps a User-Agent the channel sets, and only that exact spelling counts", () => {
    const own = render(alertView({ channel: { value: webhookValue({ headers_down: { "User-Agent": "mine" } }) } }));
    expect(own.headers).toEqual([["User-Agent", "mine"]]);
    const other = render(alertView({ channel: { value: webhookValue({ headers_down: { "user-agent": "mine" } }) } }));
    expect(other.headers).toEqual([
      ["user-agent", "mine"],
      ["User-Agent", "healthchecks.io"],
    ]);
  });

  it("keeps a header whose value renders empty for the client to leave out, so a blank User-Agent sends none", () => {
    const value = webhookValue({ headers_down: { "X-Slug": "$SLUG", "X-Tab": " \t", "User-Agent": "", "X-A": "a" } });
    const rendered = render(alertView({ check: { slug: "" }, channel: { value } }));
    expect(rendered.headers).toEqual([["X-Slug", ""], ["X-Tab", " \t"], ["User-Agent", ""], ["X-A", "a"]]);
    expect(sentRequest(firstRequest(rendered), null).headers).toEqual([["Host", "hook.test"], ["Accept", "*/*"], ["X-A", "a"]]);
  });

  it("keeps the stored header order, names that look like numbers included", () => {
    const value = webhookValue({}).replace('"headers_down":{}', '"headers_down":{"B":"1","10":"2","A":"$STATUS"}');
    expect(render(alertView({ channel: { value } })).headers.map(([name]) => name)).toEqual([
      "B",
      "10",
      "A",
      "User-Agent",
    ]);
  });

  it("writes header characters beyond Latin-1 as &#N; after substitution, template included", () => {
    const view = alertView({
      check: { name: "Zürich — ✓ 🔴" },
      channel: { value: webhookValue({ headers_down: { "X-Name": "$NAME ✓" } }) },
    });
    expect(render(view).headers[0]).toEqual(["X-Name", "Zürich &#8212; &#10003; &#128308; &#10003;"]);
    expect(latin1References("ÿĀ")).toBe("ÿ&#256;");
  });

  it("uses the up direction's method, URL and headers for an up flip", () => {
    const value = webhookValue({
      url_up: "http://hook.test/up?s=$STATUS",
      method_up: "PUT",
      body_up: "$STATUS",
      headers_up: { "X-Up": "$STATUS" },
    });
    const rendered = render(alertView({ flip: { status: "up", reason: "" }, channel: { value } }));
    expect([rendered.method, rendered.url, text(rendered.body)]).toEqual(["PUT", "http://hook.test/up?s=up", "up"]);
    expect(rendered.headers[0]).toEqual(["X-Up", "up"]);
  });

  it("refuses to render a direction without a URL, with the service's error text", () => {
    const view = alertView({ flip: { status: "up", reason: "" }, channel: { value: webhookValue({}) } });
    expect(() => renderAlert(view)).toThrow("Empty webhook URL");
  });
});
