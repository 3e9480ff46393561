/**
 * fast-check arbitraries shared by the robustness tests: hostile request
 * bodies and plausible check settings.
 */
import fc from "fast-check";
import { FakeServer, type ProjectInfo } from "../src/index.js";

/** Base URL of the fakes built here. */
export const BASE = "http://localhost:8000";

/** Members a check body may carry, with a few the service does not know. */
const CHECK_MEMBERS = [
  "name", "slug", "tags", "desc", "timeout", "grace", "schedule", "tz", "manual_resume", "methods",
  "channels", "unique", "start_kw", "success_kw", "failure_kw", "subject", "subject_fail",
  "filter_subject", "filter_body", "filter_http_body", "filter_default_fail", "api_key", "status", "uuid",
];

/** Any value of any type, the kinds a sloppy client sends in a member. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(null, true, false, 0, -1, 59, 60, 31_536_001, 1e308, -0, 3600.5, "", "60", "* * * * *", "UTC", "POST"),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.array(fc.constantFrom("name", "slug", "tags", "timeout", "grace", "bogus", 1, null)),
);

/** A JSON object with check members holding values of any type. */
export const checkLikeBody: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(fc.constantFrom(...CHECK_MEMBERS), wrongValue, {
  maxKeys: 8,
});

/** A request body: valid and broken JSON, wrong types, random bytes, huge strings, nothing. */
export const hostileBody: fc.Arbitrary<string | Uint8Array | undefined> = fc.oneof(
  fc.constant(undefined),
  checkLikeBody.map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom("null", "{", "[]", '{"a":', "\ufeff{}", " ", "NaN", '{"timeout": Infinity}', '{"name": "\\ud800"}'),
  fc.uint8Array({ maxLength: 3000 }),
  fc.integer({ min: 10_001, max: 300_000 }).map((n) => JSON.stringify({ name: "x".repeat(n), desc: "y".repeat(n) })),
  fc.integer({ min: 10_001, max: 300_000 }).map((n) => "z".repeat(n)),
);

/** A fake with one small project (check limit 4, ping log limit 5) and a few checks in it. */
export function smallFake(compat: "seed" | "live" = "seed"): { fake: FakeServer; project: ProjectInfo; uuids: string[] } {
  const fake = new FakeServer({ seed: "robustness", compat, clock: { start: "2024-03-30T12:00:00Z" } });
  const project = fake.createProject({ checkLimit: 4, pingLogLimit: 5 });
  const uuids = [
    fake.createCheck(project.id, { name: "simple", slug: "simple", timeout: 60, grace: 60 }),
    fake.createCheck(project.id, { name: "cron", slug: "cron", schedule: "*/5 * * * *", tz: "Europe/Riga" }),
  ].map((check) => check.uuid ?? "");
  return { fake, project, uuids };
}

/** Sends a request to `fake.handle()`; resolves to the response (it must never reject). */
export function send(
  fake: FakeServer,
  method: string,
  path: string,
  options: { key?: string | undefined; body?: string | Uint8Array | undefined; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.key !== undefined) headers.set("X-Api-Key", options.key);
  const init: RequestInit = { method, headers };
  if (options.body !== undefined && method !== "GET" && method !== "HEAD") init.body = options.body as BodyInit;
  return fake.handle(new Request(BASE + path, init));
}
