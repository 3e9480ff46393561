/**
 * Replays the thirteen captured steps of a real Healthchecks v4.3 server
 * (test/fixtures/notifications: its setup, its steps, every HTTP request its
 * deliveries made, every alert email, its delivery records) through the fake
 * in live mode, and compares what the fake delivers with the capture, byte
 * for byte. The fake gets the capture's identifiers, site root and times, so
 * that nothing needs normalising but the unsubscribe token (signed with the
 * server's secret), the length headers of the capture's HTTP client, and
 * relative times under a minute: the capture's alert processor rendered
 * each delivery when it picked the flip up, a second or so after the flip
 * and some tens of milliseconds after the previous delivery, while the fake
 * renders them all when the flip's request is answered.
 */
import { readFileSync } from "node:fs";
import type { KnownChannelKind } from "@checks-api/schema";
import { describe, expect, test } from "vitest";
import { FakeServer, type DeliveryRecord, type FakeState } from "../src/index.js";
import { arrival, capturedEmails, channel, RECEIVER, requests, setup, SITE, steps, valueAt } from "./notify-capture.js";

const records = readFileSync(new URL("./fixtures/notifications/notification-records.txt", import.meta.url), "utf8").split("\n");
const owner = (JSON.parse(readFileSync(new URL("./fixtures/notifications/setup.json", import.meta.url), "utf8")) as { project: { owner_email: string } }).project
  .owner_email;
const CHECKS = setup.checks as Array<(typeof setup.checks)[number] & { slug: string; tags: string; desc: string; grace: number; badge_url: string; channels: string }>;
const [CHECK1, CHECK2] = CHECKS.map((check) => check.uuid) as [string, string];
const badgeOf = (check: { badge_url: string }) => /\/b\/2\/([0-9a-f-]+)\.svg$/.exec(check.badge_url)![1]!;
const SHIFT_MS = 150_000;

// The flips' times: the pings of steps 1 to 5 happened 150 s after the
// times the records show, as the capture moved the check's history back
// by that much at step 6.
const flipTimes = records.filter((line) => line.startsWith("FLIP")).map((line) => Date.parse(line.split(" ")[2]!));
const at = (flip: number, shifted = false) => flipTimes[flip]! + (shifted ? SHIFT_MS : 0);
/** When a step's deliveries ran: its first captured request. */
const deliveredAt = (step: number) => arrival(requests[steps[step - 1]!.delivery_lines[0]]!);

/** The body of the ping that made a step's flip, from the captured webhook A body's `body_json`. */
function failureBody(step: number): string {
  const hook = requests.find((r) => r.step === String(step) && r.path.startsWith("/wh/down/"))!;
  const text = Buffer.from(hook.body_b64, "base64").toString("utf8");
  return JSON.parse(/"body_json": ("(?:[^"\\]|\\.)*")/.exec(text)![1]!) as string;
}

/** Normalises what the capture cannot reproduce: the unsubscribe signature, relative times under a minute, the project's UUID. */
function normalise(text: string): string {
  return text
    .replace(/\/unsub\/[^/\s]+\//g, "/unsub/<token>/")
    .replace(/\b[1-5]?\d[ \u00a0]seconds ago\b/g, "<moments ago>")
    .replace(/(Success|Failure|Exit status \d+|Last ping:), (now|a second ago)/g, "$1, <moments ago>")
    .replace(/(Last ping:) (now|a second ago),/g, "$1 <moments ago>,")
    .replace(/^( +)(now|a second ago), from/gm, "$1<moments ago>, from")
    .replace(/\/projects\/[0-9a-f-]{36}\/checks\//g, "/projects/<id>/checks/");
}

/** The captured receiver's answers, by path: `200 ok`, `500 boom` under `/r500`, a redirect under `/redirect`. */
async function receiver(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path.startsWith("/r500")) return new Response("boom", { status: 500 });
  if (path.startsWith("/redirect")) return new Response(null, { status: 302, headers: { Location: "/ok-after-redirect" } });
  return new Response("ok");
}

/** Rewrites every identifier the fake generated to the captured one, through the state document. */
function withCapturedIds(fake: FakeServer, mapping: Map<string, string>, edit: (doc: FakeState) => void = () => undefined): void {
  let text = JSON.stringify(fake.exportState());
  for (const [ours, theirs] of mapping) text = text.replaceAll(ours, theirs);
  const doc = JSON.parse(text) as FakeState;
  edit(doc);
  fake.importState(doc);
}

async function replay() {
  const fake = new FakeServer({
    compat: "live",
    baseUrl: SITE.root,
    siteName: SITE.name,
    seed: "replay",
    clock: { start: at(0, true) - 10_000 },
    notifications: { fetch: receiver },
  });
  const project = fake.createProject({ name: setup.project.name, ownerEmail: owner });
  const mapping = new Map<string, string>();
  for (const captured of setup.channels) {
    const made = fake.addChannel(project.id, { kind: captured.kind as KnownChannelKind, name: captured.name, value: valueAt(captured, 1), disabled: captured.disabled });
    mapping.set(made.id, captured.uuid);
  }
  const settings = ({ name, slug, tags, desc, timeout, grace }: (typeof CHECKS)[number]) => ({ name, slug, tags, desc, timeout, grace });
  const [first, second] = CHECKS;
  // Each check gets the capture's UUID and badge key; the second one was made just before step 12.
  const addCheck = (captured: (typeof CHECKS)[number], channels: string) => {
    const made = fake.createCheck(project.id, { ...settings(captured), channels });
    mapping.set(made.ping_url!.split("/").pop()!, captured.uuid);
    mapping.set(/\/b\/2\/([0-9a-f-]+)\.svg$/.exec(made.badge_url!)![1]!, badgeOf(captured));
    withCapturedIds(fake, mapping);
  };
  addCheck(first!, "*");

  const send = (method: string, path: string, time: number, body?: string, headers: Record<string, string> = {}) => {
    fake.clock.set(time);
    return fake.handle(new Request(SITE.root + path, { method, body: body ?? null, headers: { "X-Forwarded-For": "127.0.0.1", ...headers } }));
  };
  const api = (path: string, time: number) => send("POST", `/api/v3/checks/${path}`, time, undefined, { "X-Api-Key": project.readWriteKey! });
  const outcome: Array<{ records: DeliveryRecord[] }> = [];
  // Each step: its requests, whose answers the fake's deliveries are rendered after, then the sending.
  const step = async (number: number, run: () => Promise<unknown>) => {
    const before = fake.notifications().length;
    await run();
    await fake.settled();
    outcome.push({ records: fake.notifications().slice(before) });
  };

  await step(1, () => send("GET", `/ping/${CHECK1}`, at(0, true)));
  await step(2, () => send("POST", `/ping/${CHECK1}/fail`, at(1, true), failureBody(2)));
  await step(3, () => send("GET", `/ping/${CHECK1}`, at(2, true)));
  await step(4, () => send("POST", `/ping/${CHECK1}/7`, at(3, true), failureBody(4)));
  const redirect = channel("webhook_redirect");
  withCapturedIds(fake, new Map(), (doc) => {
    doc.projects[0]!.channels.find((c) => c.id === redirect.uuid)!.value = valueAt(redirect, 5);
  });
  await step(5, () => send("GET", `/ping/${CHECK1}`, at(4, true)));
  // The capture moved the check's history back by 150 s and let the detector find it overdue.
  await step(6, async () =>
    withCapturedIds(fake, new Map(), (doc) => {
      const check = doc.checks.find((c) => c.uuid === CHECK1)!;
      check.created -= SHIFT_MS;
      check.lastPing! -= SHIFT_MS;
      for (const ping of check.pings) ping.at -= SHIFT_MS;
      for (const flip of check.flips) flip.at -= SHIFT_MS;
      doc.clock = deliveredAt(6);
    }),
  );
  await step(7, () => send("GET", `/ping/${CHECK1}`, at(6)));
  await step(8, () => api(`${CHECK1}/pause`, at(7)));
  await step(9, () => send("GET", `/ping/${CHECK1}`, at(8)));
  await step(10, async () => (await api(`${CHECK1}/pause`, at(9)), api(`${CHECK1}/resume`, at(10))));
  await step(11, () => send("GET", `/ping/${CHECK1}/fail`, at(11)));
  await step(12, () => {
    // The integrations already carry the capture's UUIDs.
    addCheck(second!, second!.channels);
    return send("GET", `/ping/${CHECK2}/fail`, at(12));
  });
  await step(13, () => send("GET", `/ping/${CHECK2}`, at(13)));
  return { fake, project, outcome };
}

const replayed = replay();

// Every header in its place, but `Expect` (which the fake does not send) and the value of
// `Content-Length` (which counts the bytes of a body before it is normalised).
const wireHeaders = (headers: Array<[string, string]>) =>
  headers.filter(([name]) => name !== "Expect").map(([name, value]) => [name, name === "Content-Length" ? "<length>" : value]);
const comparable = (method: string, path: string, headers: Array<[string, string]>, body: Buffer) =>
  JSON.stringify([method, path, wireHeaders(headers), normalise(body.toString("utf8"))]);

describe("the captured run, replayed through the fake", () => {
  test.each(steps.map((s, i) => [i + 1, s.step] as const))("step %i (%s): the same HTTP requests", async (number) => {
    const { outcome } = await replayed;
    const [from, to] = steps[number - 1]!.delivery_lines;
    const expected = requests.slice(from, to).map((r) => comparable(r.method, r.path, r.headers, Buffer.from(r.body_b64, "base64")));
    const actual = outcome[number - 1]!.records.flatMap((record) =>
      record.requests.map((r) => comparable(r.method, r.url.slice(RECEIVER.length), r.headers, Buffer.from(r.bodyBase64 ?? "", "base64"))),
    );
    expect(actual.sort()).toEqual(expected.sort());
  });

  test.each(capturedEmails().map((email) => [email.file, email] as const))("%s: the same email", async (_, captured) => {
    const { outcome } = await replayed;
    const sent = outcome[captured.step - 1]!.records.filter((record) => record.email?.to === captured.to);
    expect(sent).toHaveLength(1);
    const email = sent[0]!.email!;
    expect({ to: email.to, subject: email.subject, text: normalise(email.text), html: normalise(email.html) }).toEqual({
      to: captured.to,
      subject: captured.subject,
      text: normalise(captured.text),
      html: normalise(captured.html),
    });
  });

  test("the same delivery records, step by step, and the same channel states at the end", async () => {
    const { fake, project, outcome } = await replayed;
    const notif = records.filter((line) => line.startsWith("NOTIF "));
    let next = 0;
    for (const [i, s] of steps.entries()) {
      const count = Math.max(0, s.sendalerts.log.length - 1);
      const expected = notif.slice(next, next + count).sort();
      next += count;
      const actual = outcome[i]!.records.map((r) => `NOTIF ${r.check.slice(0, 8)} ${r.channel.kind} ${r.channel.name} ${r.flip.status} '${r.error}'`);
      expect(actual.sort(), s.step).toEqual(expected);
    }
    const channels = fake.channels(project.id);
    const expectedChannels = records.filter((line) => line.startsWith("CH ")).map((line) => line.replace(/ [^ ]+$/, ""));
    expect(channels.map((c) => `CH ${c.kind} ${c.name} ${c.disabled ? "True" : "False"} '${c.lastError}'`)).toEqual(expectedChannels);
  });
});
