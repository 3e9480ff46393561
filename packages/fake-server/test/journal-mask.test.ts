import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodePath } from "../src/http/router.js";
import { MASK, maskPath, type SecretSegment, type SecretTest } from "../src/http/journal-mask.js";

// The masking of a path, written as plainly as possible: split, test each
// segment as the journal does, join. `maskPath` must agree with it on
// every path, whatever it shares between calls.
function plainMaskPath(pathname: string, secret: SecretSegment | null, isSecret: SecretTest): string {
  const segments = pathname.split("/");
  const from = secret !== null && segments.length !== secret.decodedSegments ? segments.findIndex((segment) => segment.includes("%")) : Infinity;
  const holds = (segment: string): boolean => {
    const text = decodePath(segment);
    return isSecret(text) || text.split(/[^-A-Za-z0-9_]+/).some((run) => run !== "" && isSecret(run));
  };
  return segments.map((segment, i) => (i > 0 && (i >= from || i === secret?.index || (segment.length >= 16 && holds(segment))) ? MASK : segment)).join("/");
}

const UUID = "0b6d2a3c-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const KEY = "k".repeat(32);

describe("maskPath", () => {
  it("masks a segment once it is a secret, and stops when it no longer is, on the same path", () => {
    const path = `/api/v3/checks/${UUID}`;
    const secrets = new Set<string>();
    const isSecret: SecretTest = (text) => secrets.has(text);
    expect(maskPath(path, null, isSecret)).toBe(path);
    secrets.add(UUID);
    expect(maskPath(path, null, isSecret)).toBe("/api/v3/checks/***");
    expect(maskPath(path, null, isSecret)).toBe("/api/v3/checks/***");
    secrets.delete(UUID);
    expect(maskPath(path, null, isSecret)).toBe(path);
  });

  it("never answers a path with the text of another mask of it", () => {
    const path = `/x/${KEY}/y/${UUID}`;
    const only = (secret: string): SecretTest => (text) => text === secret;
    expect(maskPath(path, null, only(KEY))).toBe(`/x/***/y/${UUID}`);
    expect(maskPath(path, null, only(UUID))).toBe(`/x/${KEY}/y/***`);
    expect(maskPath(path, null, (text) => text === KEY || text === UUID)).toBe("/x/***/y/***");
    expect(maskPath(path, null, only(KEY))).toBe(`/x/***/y/${UUID}`);
  });

  it("masks segments past the thirtieth as the others", () => {
    const path = `${"/a".repeat(40)}/${UUID}/${KEY}`;
    expect(maskPath(path, null, (text) => text === UUID || text === KEY)).toBe(`${"/a".repeat(40)}/***/***`);
    expect(maskPath(path, { index: 41, decodedSegments: 43 }, () => false)).toBe(`${"/a".repeat(40)}/***/${KEY}`);
  });

  it("masks a ping URL's secret segment, and everything from an encoded slash on when the decoded path splits otherwise", () => {
    expect(maskPath("/ping/short-key/job", { index: 2, decodedSegments: 4 }, () => false)).toBe("/ping/***/job");
    expect(maskPath("/ping/a%2Fb/job", { index: 2, decodedSegments: 5 }, () => false)).toBe("/ping/***/***");
    expect(maskPath("/ping/key/a%2Fb", { index: 2, decodedSegments: 5 }, () => false)).toBe("/ping/***/***");
  });

  it("agrees with a plain split-and-join masking on any path", () => {
    const secrets = [UUID, UUID.toUpperCase(), KEY, "p".repeat(22)];
    const segment = fc.oneof(
      fc.constantFrom(...secrets, "api", "v3", "checks", "", "%2F", "%2f", `${KEY}.json`, `a%20${UUID}`),
      fc.string({ unit: fc.constantFrom("a", "-", "/", "%", "2", "F", "k", "_"), maxLength: 40 }),
    );
    const path = fc.array(segment, { maxLength: 40 }).map((segments) => `/${segments.join("/")}`);
    const secret = fc.option(fc.record({ index: fc.nat(40), decodedSegments: fc.nat(45) }), { nil: null });
    const isSecret: SecretTest = (text) => text.length >= 16 && (secrets.includes(text) || text.toLowerCase() === UUID);
    fc.assert(
      fc.property(path, secret, (pathname, segmentOfSecret) => {
        expect(maskPath(pathname, segmentOfSecret, isSecret)).toBe(plainMaskPath(pathname, segmentOfSecret, isSecret));
      }),
      { numRuns: 2000 },
    );
  });
});
