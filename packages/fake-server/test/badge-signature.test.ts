import { BADGE_KEYS } from "@checks-api/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { badgeSignature, badgeUrls, encodeBadgeTag, parseBadgePath } from "../src/model/badges.js";

/** Any Unicode scalar value (fast-check's "binary" unit costs a second to warm up). */
const scalar = fc
  .oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0x10ffff }))
  .map((code) => String.fromCodePoint(code));

const KEY = "67541b37-8b9c-4d17-b952-690eae";

describe("badgeSignature (the service's vectors)", () => {
  const vectors: [string, string, string, string][] = [
    [KEY, "---", "backup", "uWBMWATpwGYjg3qSo_VdLsmneYU"],
    [KEY, "---", "*", "OEpz__M4a4IaiOl8E03OFJOamAk"],
    [KEY, "---", "db@dc1", "BCQJ8OkvB43UDqkGbb_qyY26D0c"],
    ["fake-key", "abc", "prod", "QL7b7PIrryJwYb72fDfXcyjds0U"],
  ];
  for (const [badgeKey, secret, tag, full] of vectors) {
    it(`${badgeKey} / ${secret} / ${tag} → ${full.slice(0, 8)}`, () => {
      expect(badgeSignature(badgeKey, secret, tag)).toBe(full.slice(0, 8));
    });
  }

  it("is 8 URL-safe base64 characters and depends on key, secret and tag", () => {
    const signature = badgeSignature(KEY, "---", "ü tag");
    expect(signature).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(badgeSignature(KEY, "--x", "ü tag")).not.toBe(signature);
    expect(badgeSignature(`${KEY}0`, "---", "ü tag")).not.toBe(signature);
    expect(badgeSignature(KEY, "---", "ü tag ")).not.toBe(signature);
  });
});

describe("encodeBadgeTag", () => {
  it("double-encodes every byte outside A–Z a–z 0–9 _ . - ~", () => {
    expect(encodeBadgeTag("db@dc1")).toBe("db%2540dc1");
    expect(encodeBadgeTag("a/b")).toBe("a%252Fb");
    expect(encodeBadgeTag("ü")).toBe("%25C3%25BC");
    expect(encodeBadgeTag("plain-Tag_1.0~x")).toBe("plain-Tag_1.0~x");
    expect(encodeBadgeTag("a b%c*'()!")).toBe("a%2520b%2525c%252A%2527%2528%2529%2521");
  });
});

describe("badgeUrls", () => {
  it("builds the six URLs of a tag in the service's order", () => {
    const urls = badgeUrls("http://localhost:8000", KEY, "---", "db@dc1");
    const base = `http://localhost:8000/badge/${KEY}`;
    expect(Object.keys(urls)).toEqual([...BADGE_KEYS]);
    expect(urls).toEqual({
      svg: `${base}/BCQJ8Okv-2/db%2540dc1.svg`,
      svg3: `${base}/BCQJ8Okv/db%2540dc1.svg`,
      json: `${base}/BCQJ8Okv-2/db%2540dc1.json`,
      json3: `${base}/BCQJ8Okv/db%2540dc1.json`,
      shields: `${base}/BCQJ8Okv-2/db%2540dc1.shields`,
      shields3: `${base}/BCQJ8Okv/db%2540dc1.shields`,
    });
  });

  it("leaves out the tag segment for *", () => {
    const urls = badgeUrls("https://hc.example", KEY, "---", "*");
    expect(urls.svg).toBe(`https://hc.example/badge/${KEY}/OEpz__M4-2.svg`);
    expect(urls.shields3).toBe(`https://hc.example/badge/${KEY}/OEpz__M4.shields`);
  });
});

describe("parseBadgePath", () => {
  it("decodes the tag segment twice", () => {
    expect(parseBadgePath("BCQJ8Okv/db%2540dc1.svg")).toEqual({ signature: "BCQJ8Okv", tag: "db@dc1", format: "svg" });
    expect(parseBadgePath("sig-2/a%252Fb.json")).toEqual({ signature: "sig-2", tag: "a/b", format: "json" });
    expect(parseBadgePath("sig/%25C3%25BC.shields")).toEqual({ signature: "sig", tag: "ü", format: "shields" });
  });

  it("rejects a tag encoded only once when the first decoding leaves a forbidden character", () => {
    expect(parseBadgePath("BCQJ8Okv/db%40dc1.svg")).toBeUndefined();
    expect(parseBadgePath("sig/a%20b.svg")).toBeUndefined();
    expect(parseBadgePath("sig/a b.svg")).toBeUndefined();
  });

  it("accepts Unicode word characters after the first decoding, as Python's \\w does", () => {
    expect(parseBadgePath("sig/%C3%BC.svg")?.tag).toBe("ü");
  });

  it("splits the format at the last dot", () => {
    expect(parseBadgePath("sig/foo.bar.svg")).toEqual({ signature: "sig", tag: "foo.bar", format: "svg" });
    expect(parseBadgePath("sig/..svg")).toEqual({ signature: "sig", tag: ".", format: "svg" });
  });

  it("routes the all-checks form to tag *", () => {
    expect(parseBadgePath("OEpz__M4-2.svg")).toEqual({ signature: "OEpz__M4-2", tag: "*", format: "svg" });
  });

  it("returns any format the route accepts; the caller refuses unknown ones", () => {
    expect(parseBadgePath("sig/tag.png")).toEqual({ signature: "sig", tag: "tag", format: "png" });
  });

  it("matches after decoding the whole remainder once, like the framework", () => {
    // %2F becomes a path separator before routing.
    expect(parseBadgePath("a%2Fb.svg")).toEqual({ signature: "a", tag: "b", format: "svg" });
    expect(parseBadgePath("sig/a%2Fb.svg")).toBeUndefined();
    expect(parseBadgePath("sig/tag.sv%67")).toEqual({ signature: "sig", tag: "tag", format: "svg" });
  });

  it("does not route malformed paths", () => {
    for (const path of ["", "sig", "sig/", "sig/.svg", "sig/tag", "sig/tag.", "si.g/tag.svg", "sig/tag.s.v/g", "a/b/c.svg"]) {
      expect(parseBadgePath(path), path).toBeUndefined();
    }
  });

  it("keeps invalid UTF-8 as text through the first decoding and replaces it in the second", () => {
    expect(parseBadgePath("sig/%FF.svg")?.tag).toBe("\ufffd");
    expect(parseBadgePath("sig/%25FF.svg")?.tag).toBe("\ufffd");
    expect(parseBadgePath("sig/x%E2%82.svg")?.tag).toBe("x\ufffd");
  });

  it("gives back every tag from the URLs badgeUrls builds", () => {
    fc.assert(
      fc.property(fc.string({ unit: scalar, minLength: 1, maxLength: 40 }), (tag) => {
        const urls = badgeUrls("http://localhost:8000", KEY, "---", tag);
        for (const key of BADGE_KEYS) {
          const rest = new URL(urls[key]).pathname.slice(`/badge/${KEY}/`.length);
          const parsed = parseBadgePath(rest);
          expect(parsed?.tag).toBe(tag === "*" ? "*" : tag);
          // A signature may itself end in "-2"; only the exact form tells the two-state variant.
          const signature = badgeSignature(KEY, "---", tag);
          expect(parsed?.signature).toBe(key.endsWith("3") ? signature : `${signature}-2`);
          expect(key.startsWith(parsed?.format ?? "?")).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});
