import { SHIELDS_COLORS } from "@checks-api/schema";
import { describe, expect, it } from "vitest";
import { aggregateBadge, badgeTextWidth, renderBadge, svgBadge } from "../src/model/badges.js";

/** The badge geometry, read back out of the SVG text. */
function geometry(svg: string): { total: number; w1: number; w2: number; x: string[]; fill: string | undefined } {
  const root = /<svg[^>]*\bwidth="(\d+)"/.exec(svg);
  const rects = [...svg.matchAll(/<rect([^>]*)\/>/g)].map((match) => match[1] ?? "");
  const left = rects.find((attrs) => attrs.includes('fill="#555"')) ?? "";
  const right = rects.find((attrs) => /\bx="/.test(attrs)) ?? "";
  const xs = [...svg.matchAll(/<text x="([^"]+)" y="14"/g)].map((match) => match[1] ?? "");
  return {
    total: Number(root?.[1]),
    w1: Number(/width="(\d+)"/.exec(left)?.[1]),
    w2: Number(/width="(\d+)"/.exec(right)?.[1]),
    x: xs,
    fill: /fill="(#[0-9a-f]+)"/.exec(right)?.[1],
  };
}

describe("svgBadge", () => {
  const vectors: [string, "up" | "late" | "down", number, number, number, string, string][] = [
    ["foo", "up", 52, 28, 24, "14.0", "40.0"],
    ["foo", "late", 59, 28, 31, "14.0", "43.5"],
    ["foo", "down", 68, 28, 40, "14.0", "48.0"],
    ["Mychecks", "up", 89, 65, 24, "32.5", "77.0"],
    ["backup", "late", 82, 51, 31, "25.5", "66.5"],
  ];
  for (const [label, status, total, w1, w2, x1, x2] of vectors) {
    it(`${label}/${status} → ${total}, ${w1}, ${w2}, ${x1}, ${x2}`, () => {
      const svg = svgBadge(label, status);
      const read = geometry(svg);
      expect(read).toMatchObject({ total, w1, w2, x: [x1, x2] });
      expect(svg).toMatch(new RegExp(`<rect x="${w1}" width="${w2}"`));
    });
  }

  it("colours the status part", () => {
    expect(geometry(svgBadge("a", "up")).fill).toBe("#4c1");
    expect(geometry(svgBadge("a", "late")).fill).toBe("#fe7d37");
    expect(geometry(svgBadge("a", "down")).fill).toBe("#e05d44");
  });

  it("measures characters with the service's width table", () => {
    expect(badgeTextWidth("mm")).toBe(20);
    expect(badgeTextWidth("@")).toBe(7);
    expect(badgeTextWidth("ijlI")).toBe(12);
    expect(badgeTextWidth("frJ-t")).toBe(21);
    expect(badgeTextWidth("cesx1FLP_")).toBe(54);
    expect(badgeTextWidth("ACDHNUV")).toBe(56);
    expect(badgeTextWidth("wGOQ")).toBe(36);
    expect(badgeTextWidth("W")).toBe(11);
    expect(badgeTextWidth("ü😀")).toBe(14);
  });

  it("draws the label and the status twice, shadow first, HTML-escaped", () => {
    const svg = svgBadge(`<a&"b'>`, "up");
    const label = "&lt;a&amp;&quot;b&#x27;&gt;";
    expect([...svg.matchAll(/<text x="[^"]+" y="(\d+)"[^>]*>([^<]*)<\/text>/g)].map((m) => [m[1], m[2]])).toEqual([
      ["15", label],
      ["14", label],
      ["15", "up"],
      ["14", "up"],
    ]);
    expect(svg).toContain('font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11"');
    expect(svg).toContain('rx="3"');
    // The width counts the label's characters, not its escaped form.
    expect(geometry(svg).w1).toBe(badgeTextWidth(`<a&"b'>`) + 10);
  });
});

describe("aggregateBadge", () => {
  it("is up with total 0 for no checks", () => {
    expect(aggregateBadge([], true)).toEqual({ status: "up", total: 0, grace: 0, down: 0 });
  });

  it("counts new, paused, started and up as up", () => {
    expect(aggregateBadge(["new", "paused", "started", "up"], true)).toEqual({ status: "up", total: 4, grace: 0, down: 0 });
  });

  it("turns grace into late only in 3-state mode, but counts it in both", () => {
    expect(aggregateBadge(["up", "grace"], true)).toEqual({ status: "late", total: 2, grace: 1, down: 0 });
    expect(aggregateBadge(["up", "grace"], false)).toEqual({ status: "up", total: 2, grace: 1, down: 0 });
  });

  it("lets down win over late in any order", () => {
    for (const statuses of [["grace", "down"], ["down", "grace"], ["down", "up", "grace", "down"]]) {
      expect(aggregateBadge(statuses, true).status).toBe("down");
      expect(aggregateBadge(statuses, false).status).toBe("down");
    }
    expect(aggregateBadge(["down", "up", "grace", "down"], true)).toEqual({ status: "down", total: 4, grace: 1, down: 2 });
  });
});

describe("renderBadge (output)", () => {
  it("prints the JSON badge as the service does", () => {
    const up = renderBadge("json", "foo", aggregateBadge(["new"], true));
    expect(up).toEqual({ contentType: "application/json", body: '{"status": "up", "total": 1, "grace": 0, "down": 0}' });
    expect(renderBadge("json", "foo", aggregateBadge(["grace"], false)).body).toBe('{"status": "up", "total": 1, "grace": 1, "down": 0}');
    expect(renderBadge("json", "foo", aggregateBadge(["grace"], true)).body).toBe('{"status": "late", "total": 1, "grace": 1, "down": 0}');
  });

  it("prints the JSON members in the service's order whatever the input order", () => {
    expect(renderBadge("json", "x", { down: 1, grace: 0, total: 1, status: "down" }).body).toBe(
      '{"status": "down", "total": 1, "grace": 0, "down": 1}',
    );
  });

  it("prints the Shields document with the status colours", () => {
    expect(renderBadge("shields", "foo", aggregateBadge([], true))).toEqual({
      contentType: "application/json",
      body: '{"schemaVersion": 1, "label": "foo", "message": "up", "color": "success"}',
    });
    expect(renderBadge("shields", "foo", aggregateBadge(["grace"], true)).body).toContain(`"color": "${SHIELDS_COLORS.late}"`);
    expect(renderBadge("shields", "foo", aggregateBadge(["grace"], true)).body).toContain('"color": "important"');
    expect(renderBadge("shields", "foo", aggregateBadge(["down"], true)).body).toContain('"message": "down", "color": "critical"');
  });

  it("escapes a non-ASCII label in the Shields JSON", () => {
    expect(renderBadge("shields", "glāžšķūņu", aggregateBadge([], true)).body).toContain('"label": "gl\\u0101\\u017e\\u0161\\u0137\\u016b\\u0146u"');
  });

  it("renders SVG as image/svg+xml", () => {
    const badge = renderBadge("svg", "Mychecks", aggregateBadge(["up"], true));
    expect(badge.contentType).toBe("image/svg+xml");
    expect(badge.body).toBe(svgBadge("Mychecks", "up"));
  });
});
