/**
 * The parts of verify on their own: the scenario's safety rules as data,
 * the normaliser that takes out what differs by nature (and every secret)
 * before comparing, and the cleanup's patience with 429 answers.
 */
import { RateLimitError, type Check } from "@checks-api/sdk";
import { describe, expect, it } from "vitest";
import { parseVerifyArgs } from "../src/cli/verify/args.js";
import { Cleanup } from "../src/cli/verify/cleanup.js";
import { compareAnswers } from "../src/cli/verify/compare.js";
import { normalise } from "../src/cli/verify/normalise.js";
import { SCENARIO } from "../src/cli/verify/scenario.js";
import { Side } from "../src/cli/verify/sides.js";

const mentions = (check: string) => SCENARIO.filter((step) => JSON.stringify(step.request).includes(`{check:${check}}`));

describe("the verify scenario", () => {
  it("gives integrations to one check only, which is never pinged, paused or resumed", () => {
    const withChannels = SCENARIO.filter((step) => {
      const channels = (step.request.json as { channels?: unknown } | undefined)?.channels;
      return typeof channels === "string" && channels !== "" && step.creates !== undefined && !step.name.startsWith("400 ");
    });
    expect(withChannels.map((step) => step.creates)).toEqual(["quiet"]);
    expect(mentions("quiet").map((step) => `${step.request.method} ${step.request.path}`)).toEqual([
      "DELETE /api/v3/checks/{check:quiet}",
      "GET /api/v3/checks/{check:quiet}",
    ]);
    expect(SCENARIO.filter((step) => step.mayGoDown === "quiet")).toEqual([]);
  });

  it("marks every ping of a check of its own as one that may make it go down", () => {
    const pings = SCENARIO.filter((step) => step.request.endpoint === "ping" && /\{(check|slug):/.test(step.request.path) && !step.request.path.includes("{slug:none}"));
    expect(pings.length).toBeGreaterThan(10);
    for (const step of pings) expect(step.mayGoDown, step.name).toBeDefined();
  });

  it("creates checks only with the run's tag, slug prefix and name prefix; a refused one carries the tag too", () => {
    const creating = SCENARIO.filter((s) => s.creates !== undefined);
    for (const step of creating) expect(step.request.json, step.name).toMatchObject({ tags: expect.stringMatching(/^\{tag\}( |$)/) });
    for (const step of creating.filter((s) => !s.name.startsWith("400 "))) {
      expect(step.request.json, step.name).toMatchObject({ slug: `{slug:${step.creates}}`, name: `{name:${step.creates}}` });
    }
    expect(SCENARIO.find((step) => step.name === "400 name not a string")?.request.json).toEqual({ name: false, tags: "{tag}" });
  });

  it("deletes each check once its steps are done, and sends the failing pings last, to the one check left", () => {
    const firstFail = SCENARIO.findIndex((step) => step.leaves === "down");
    const after = SCENARIO.slice(firstFail);
    expect(after.every((step) => !/\{(check|unique|slug):(?!simple\})/.test(JSON.stringify(step.request)))).toBe(true);
    const deletions = SCENARIO.filter((step) => step.deletes !== undefined);
    expect(deletions.map((step) => step.deletes)).toEqual(["quiet", "cron", "calendar", "upserted", "simple"]);
    for (const step of deletions.slice(0, -1)) expect(SCENARIO.indexOf(step), step.name).toBeLessThan(firstFail);
    for (const check of ["cron", "calendar", "upserted"]) {
      const deletion = SCENARIO.findIndex((step) => step.deletes === check);
      expect(mentions(check).every((step) => SCENARIO.indexOf(step) <= deletion), check).toBe(true);
    }
    expect(SCENARIO.at(-1)?.deletes).toBe("simple");
    expect(SCENARIO.filter((step) => step.leaves === "down").map((step) => step.name)).toEqual(["fail with body", "exit status 3"]);
    expect(SCENARIO.at(firstFail + 2)).toMatchObject({ name: "ping back up", leaves: "up" });
  });
});

describe("the normaliser", () => {
  const keys = { readWrite: "rw-key-0123456789abcdef0123456789", readOnly: "ro-key-0123456789abcdef0123456789", ping: "pingkey0123456789abcd" };
  const side = new Side("service", "https://checks.example.com", "https://ping.example.com/", keys, () => Promise.reject(new Error("unused")));
  side.checks.set("simple", { uuid: "0b2c4a7e-1111-4222-8333-944445555666", uniqueKey: "a".repeat(40), channels: "" });
  const names = { tag: "t", prefix: "t" };
  const json = (value: unknown) => ({ status: 200, contentType: "application/json", body: new TextEncoder().encode(JSON.stringify(value)) });

  it("replaces identifiers, keys, roots, times, durations and addresses, leaving no secret", () => {
    const answer = normalise(
      json({
        ping_url: "https://ping.example.com/0b2c4a7e-1111-4222-8333-944445555666",
        update_url: "https://checks.example.com/api/v3/checks/0b2c4a7e-1111-4222-8333-944445555666",
        badge: "https://checks.example.com/badge/6f1c2d3e-aaaa-4bbb-8ccc-ddddeeeeffff/Ab3_x-9Z-2/t.svg",
        all: "https://checks.example.com/badge/6f1c2d3e-aaaa-4bbb-8ccc-ddddeeeeffff/Ab3_x-9Z.json",
        note: `keys ${keys.readWrite} ${keys.readOnly} ${keys.ping}`,
        last_ping: "2026-11-26T01:02:03+00:00",
        date: "2026-11-26T01:02:03.123456+00:00",
        duration: 0.25,
        last_duration: 3,
        remote_addr: null,
      }),
      side,
      names,
    );
    expect(answer.body).toEqual({
      kind: "json",
      value: {
        ping_url: "<ping-endpoint>/<check:simple>",
        update_url: "<site>/api/v3/checks/<check:simple>",
        badge: "<site>/badge/<badge-key>/<signature>-2/t.svg",
        all: "<site>/badge/<badge-key>/<signature>.json",
        note: "keys <read-write key> <read-only key> <ping key>",
        last_ping: "<time>",
        date: "<time>",
        duration: "<duration>",
        remote_addr: "<address>",
      },
    });
  });

  it("takes out a badge key of either form the service gives, and no other", () => {
    const text = (badgeKey: string) =>
      normalise({ status: 200, contentType: "text/plain", body: new TextEncoder().encode(`https://checks.example.com/badge/${badgeKey}/Ab3_x-9Z/t.svg`) }, side, names).body.value;
    expect(text("37c8e41e-f9dc-4bb4-9660-73ff7b")).toBe("<site>/badge/<badge-key>/<signature>/t.svg");
    expect(text("37c8e41e-f9dc-4bb4-9660-73ff7b4a2c11")).toBe("<site>/badge/<badge-key>/<signature>/t.svg");
    expect(text("my-own-key")).toBe("<site>/badge/my-own-key/<signature>/t.svg");
  });

  it("compares the badges of the run's tags whatever order the service lists them in", () => {
    const view = SCENARIO.find((step) => step.name === "badges")?.view;
    const urls = (tag: string) => ({ svg: `https://checks.example.com/badge/37c8e41e-f9dc-4bb4-9660-73ff7b/Ab3_x-9Z/${tag}.svg` });
    const service = json({ badges: { "t-cron": urls("t-cron"), other: urls("other"), "*": urls("*"), "t-simple": urls("t-simple") } });
    const fake = json({ badges: { "*": urls("*"), "t-simple": urls("t-simple"), "t-cron": urls("t-cron") } });
    expect(compareAnswers(normalise(service, side, names, view), normalise(fake, side, names, view))).toEqual([]);
  });

  it("masks the side's keys in any form an answer echoes them in", () => {
    const rw = "hcw_0123456789abcdefghijABCDEFGHij";
    const keyed = new Side("service", "https://checks.example.com", "https://ping.example.com/", { ...keys, readWrite: rw }, () => Promise.reject(new Error("unused")));
    const echoed = `${rw.toUpperCase()} ${rw.slice(4)} ${rw.replace("_", "%5F")} ${keys.ping.toUpperCase()}`;
    const body = normalise({ status: 401, contentType: "text/plain", body: new TextEncoder().encode(echoed) }, keyed, names).body.value as string;
    expect(body).not.toMatch(/0123456789abcdefghij|pingkey0123456789abcd/i);
  });

  it("tells a missing member, an extra one, a different value and another order apart", () => {
    const a = normalise(json({ a: 1, b: 2, c: 3 }), side, names);
    const b = normalise(json({ b: 2, a: 1, d: 4 }), side, names);
    expect(compareAnswers(a, b)).toEqual([
      "body.c: the fake's answer lacks it (service: 3)",
      "body.d: the service's answer lacks it (fake: 4)",
      "body: members in another order (service: a, b)",
    ]);
    expect(compareAnswers(a, { ...a, status: 201 })).toEqual(["status: service 200, fake 201"]);
  });
});

describe("the cleanup", () => {
  const rateLimited = () => new RateLimitError({ status: 429, method: "DELETE", path: "/api/v3/checks/…", retryAfter: 7 });

  it("deletes every tracked check and every straggler under the tag, waiting out 429 as asked", async () => {
    const waits: number[] = [];
    const deleted: string[] = [];
    let refusals = 1;
    const straggler = { name: "lost create", tags: "run-tag other", uuid: "22222222-3333-4444-8555-666666666666" } as Check;
    const foreign = { name: "someone else's", tags: "run-tag-2", uuid: "33333333-4444-4555-8666-777777777777" } as Check;
    const client = {
      checks: {
        list: async () => [straggler, foreign],
        delete: async (uuid: string) => {
          if (refusals-- > 0) throw rateLimited();
          deleted.push(uuid);
        },
      },
    };
    const cleanup = new Cleanup(async (ms) => void waits.push(ms));
    cleanup.track("11111111-2222-4333-8444-555555555555", "simple");
    expect(cleanup.pending).toEqual(["simple"]);
    expect(await cleanup.run(client, "run-tag")).toEqual({ deleted: 2, left: [] });
    expect(deleted).toEqual(["11111111-2222-4333-8444-555555555555", straggler.uuid]);
    expect(waits).toEqual([7_000]);
    expect(cleanup.pending).toEqual([]);
  });

  it("names what it could not delete, never its UUID", async () => {
    const client = { checks: { list: async () => [], delete: async () => Promise.reject(rateLimited()) } };
    const cleanup = new Cleanup(async () => undefined);
    cleanup.track("11111111-2222-4333-8444-555555555555", "simple");
    expect(await cleanup.run(client, "run-tag")).toEqual({ deleted: 0, left: [{ name: "simple", status: "new" }] });
  });

  it("tells the status a lost request may have left a check in, and counts the checks the run's steps deleted", async () => {
    const lost = { checks: { list: async () => Promise.reject(new Error("socket hang up")), delete: async () => Promise.reject(new Error("socket hang up")) } };
    const cleanup = new Cleanup(async () => undefined);
    cleanup.track("11111111-2222-4333-8444-555555555555", "simple", "new");
    cleanup.track("22222222-3333-4444-8555-666666666666", "cron", "new");
    cleanup.deleted("22222222-3333-4444-8555-666666666666");
    cleanup.note("11111111-2222-4333-8444-555555555555", 'up, or down if the service took "fail with body" before it was lost');
    expect(await cleanup.run(lost, "run-tag")).toEqual({
      deleted: 1,
      left: [{ name: "simple", status: 'up, or down if the service took "fail with body" before it was lost' }],
      unlisted: "could not list the checks tagged run-tag: socket hang up",
    });
  });
});

describe("verify's command line", () => {
  it("sends pings where the service takes them: <site root>/ping/, the hosted ping host, or --ping-url", () => {
    const env = { CHECKS_API_KEY: "k", CHECKS_PING_KEY: "p" };
    expect(parseVerifyArgs(["--url", "https://hc.example.com/"], env)).toMatchObject({ url: "https://hc.example.com", pingUrl: "https://hc.example.com/ping/", apiKey: "k", pingKey: "p" });
    expect(parseVerifyArgs(["--url", "https://healthchecks.io"], env).pingUrl).toBe("https://hc-ping.com/");
    expect(parseVerifyArgs(["--url", "https://hc.example.com", "--ping-url", "https://ping.example.com"], env).pingUrl).toBe("https://ping.example.com/");
  });

  it("refuses a URL with credentials, which the report would print", () => {
    expect(() => parseVerifyArgs(["--url", "https://user:secret@hc.example.com"], {})).toThrow(/must not hold a user name or password/);
  });
});
