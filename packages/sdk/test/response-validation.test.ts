import { describe, expect, it } from "vitest";
import { ChecksClient, InvalidResponseError } from "../src/index.js";
import { answering, failure, json, liveCheck, UUID } from "./helpers.js";

describe("responses are validated against the schema", () => {
  it("names the offending member", async () => {
    const error = await failure<InvalidResponseError>(answering(json({ checks: [liveCheck(), liveCheck({ timeout: "60" })] })).checks.list());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.fieldPath).toEqual(["checks", 1, "timeout"]);
    expect(error.message).toContain("invalid response at checks[1].timeout: expected number, received string");
    expect(error.status).toBe(200);
  });

  it("says what was expected, with or without a zod locale loaded", async () => {
    const status = await failure<InvalidResponseError>(answering(json(liveCheck({ status: "sleeping" }))).checks.get(UUID));
    expect(status.message).toContain('invalid response at status: expected one of "new", "up"');
    const missing = await failure<InvalidResponseError>(answering(json({ checks: [liveCheck({ name: undefined })] })).checks.list());
    expect(missing.message).toContain("invalid response at checks[0].name: expected string, received nothing");
    const stamp = await failure<InvalidResponseError>(answering(json(liveCheck({ last_ping: "yesterday" }))).checks.get(UUID));
    expect(stamp.message).toContain("invalid response at last_ping: is not an ISO 8601 timestamp");
  });

  it("accepts the seed's field set (no uuid, no live-only members) and 0–6 fraction digits", async () => {
    const { uuid: _u, subject: _s, subject_fail: _sf, filter_http_body: _f, filter_default_fail: _d, badge_url: _b, ...seed } =
      liveCheck({ last_ping: "2020-01-01T00:00:00.123456+00:00" });
    expect(await answering(json(seed)).checks.get(UUID)).toEqual({ ...seed, uuid: UUID });
  });

  it("keeps unknown extra members", async () => {
    const check = await answering(json(liveCheck({ brand_new: { nested: true } }))).checks.get(UUID);
    expect(check).toHaveProperty("brand_new", { nested: true });
  });

  it("accepts both shapes of the flips list", async () => {
    const flip = { timestamp: "2020-06-01T12:24:32+00:00", up: 1 };
    expect(await answering(json([flip])).flips.list(UUID)).toEqual([flip]);
    expect(await answering(json({ flips: [flip] })).flips.list(UUID)).toEqual([flip]);
    const bad = await failure<InvalidResponseError>(answering(json({ flips: [{ ...flip, up: 2 }] })).flips.list(UUID));
    expect(bad.fieldPath).toEqual(["flips", 0, "up"]);
  });

  it("accepts unknown integration kinds", async () => {
    const channel = { id: UUID, name: "", kind: "carrier-pigeon" };
    expect(await answering(json({ channels: [channel] })).channels.list()).toEqual([channel]);
  });

  it("refuses non-JSON and malformed JSON success bodies", async () => {
    const html = await failure<InvalidResponseError>(answering({ status: 200, headers: { "content-type": "text/html" }, body: "<p>hi</p>" }).checks.list());
    expect(html).toBeInstanceOf(InvalidResponseError);
    expect(html.message).toContain("expected a JSON response");
    const broken = await failure(answering({ status: 200, headers: { "content-type": "application/json" }, body: "{" }).checks.list());
    expect(broken).toBeInstanceOf(InvalidResponseError);
  });

  it("can be turned off per client and per call", async () => {
    const odd = { checks: [{ name: 5 }] };
    expect(await answering(json(odd), false).checks.list()).toEqual([{ name: 5 }]);
    expect(await answering(json(odd)).checks.list({}, { validate: false })).toEqual([{ name: 5 }]);
  });
});
