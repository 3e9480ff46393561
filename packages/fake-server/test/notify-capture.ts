/**
 * The deliveries captured from a real Healthchecks v4.3 server (files under
 * fixtures/notifications/) and the facts of each step, built into the
 * `AlertView`s the renderers take: the test run went through thirteen
 * steps (pings, a timeout, pauses) on two checks with twelve channels; the
 * receiver recorded every request and the server wrote every email.
 */
import { readFileSync } from "node:fs";
import { serviceJson } from "../src/text/json.js";
import type { AlertDirection, AlertPing, AlertView } from "../src/model/notify/view.js";

const read = (name: string): string =>
  readFileSync(new URL(`./fixtures/notifications/${name}`, import.meta.url), "utf8");

/** One channel as the capture's setup lists it. */
export interface CapturedChannel {
  label: string;
  uuid: string;
  kind: string;
  name: string;
  disabled: boolean;
  value: string;
}

/** One HTTP request the receiver got. */
export interface CapturedRequest {
  step: string;
  t: string;
  method: string;
  path: string;
  headers: Array<[string, string]>;
  body_b64: string;
  response_status: number;
}

/** One step of the run with the processor's log lines (`  <uuid prefix> (<kind>) OK in 0.1s`). */
export interface CapturedStep {
  step: string;
  delivery_lines: [number, number];
  sendalerts: { log: string[] };
}

/** The capture's setup: project, checks as created, channels with their stored settings. */
export const setup = JSON.parse(read("setup.json")) as {
  project: { name: string };
  checks: Array<Record<string, unknown> & { uuid: string; name: string; timeout: number }>;
  channels: CapturedChannel[];
};
/** Every request, in arrival order. */
export const requests = read("deliveries.jsonl")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as CapturedRequest);
/** The steps. */
export const steps = read("steps.jsonl")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as CapturedStep);

/** The site the capture ran against. */
export const SITE = { root: "http://127.0.0.1:8791", name: "Mychecks" };
/** The project's UUID, as the captured emails' overview links show it. */
export const PROJECT_ID = "94491603-7b46-4c6e-939b-998d6f3f8355";
/** Where the receiver listened. */
export const RECEIVER = "http://127.0.0.1:41449";

const at = (time: string): number => Date.parse(`2026-11-26T${time}Z`);
const BACKDATE_MS = 150_000;

// The check's history was moved 150 s back at step 6, so the server's own
// records show earlier times for steps 1–5 than those steps were delivered
// with; these are the times as they were when each step was delivered.
interface Ping {
  n: number;
  type: AlertPing["type"];
  exitStatus: number | null;
  body: string | null;
  at: number;
}
const CHECK1_PINGS: Record<number, Ping> = {
  2: { n: 2, type: "fail", exitStatus: null, body: 'backup failed: disk full\nexit code "28" — ü', at: at("00:58:53.199") },
  3: { n: 3, type: "success", exitStatus: null, body: null, at: at("00:59:04.523") },
  4: { n: 4, type: "fail", exitStatus: 7, body: "rsync error 7", at: at("00:59:09.032") },
  5: { n: 5, type: "success", exitStatus: null, body: null, at: at("00:59:14.061") },
  7: { n: 6, type: "success", exitStatus: null, body: null, at: at("00:59:22.948") },
  11: { n: 8, type: "fail", exitStatus: null, body: null, at: at("00:59:26.171") },
};
const CHECK2_PINGS: Record<number, Ping> = {
  12: { n: 1, type: "fail", exitStatus: null, body: null, at: at("00:59:32.023") },
  13: { n: 2, type: "success", exitStatus: null, body: null, at: at("00:59:34.901") },
};

/** The facts of a step's flip. */
interface StepFacts {
  check: 0 | 1;
  status: AlertDirection;
  reason: AlertView["flip"]["reason"];
  flipAt: number;
  ping: Ping;
  /** The previous flip (to down) of an up flip. */
  downSince: number | null;
  /** Whether the other check existed and was down at delivery, with its last ping. */
  other: { down: boolean; lastPing: number } | null;
}

/** The steps that notified, with what the server knew at delivery. */
export const STEP_FACTS: Record<number, StepFacts> = {
  2: { check: 0, status: "down", reason: "fail", flipAt: at("00:58:53.199"), ping: CHECK1_PINGS[2] as Ping, downSince: null, other: null },
  3: { check: 0, status: "up", reason: "", flipAt: at("00:59:04.523"), ping: CHECK1_PINGS[3] as Ping, downSince: at("00:58:53.199"), other: null },
  4: { check: 0, status: "down", reason: "fail", flipAt: at("00:59:09.032"), ping: CHECK1_PINGS[4] as Ping, downSince: null, other: null },
  5: { check: 0, status: "up", reason: "", flipAt: at("00:59:14.061"), ping: CHECK1_PINGS[5] as Ping, downSince: at("00:59:09.032"), other: null },
  6: {
    check: 0,
    status: "down",
    reason: "timeout",
    // Period 60 s plus grace 60 s after the (backdated) last ping.
    flipAt: at("00:59:14.061") - BACKDATE_MS + 120_000,
    ping: { ...(CHECK1_PINGS[5] as Ping), at: at("00:59:14.061") - BACKDATE_MS },
    downSince: null,
    other: null,
  },
  7: { check: 0, status: "up", reason: "", flipAt: at("00:59:22.948"), ping: CHECK1_PINGS[7] as Ping, downSince: at("00:59:14.061") - BACKDATE_MS + 120_000, other: null },
  11: { check: 0, status: "down", reason: "fail", flipAt: at("00:59:26.171"), ping: CHECK1_PINGS[11] as Ping, downSince: null, other: null },
  12: { check: 1, status: "down", reason: "fail", flipAt: at("00:59:32.023"), ping: CHECK2_PINGS[12] as Ping, downSince: null, other: { down: true, lastPing: at("00:59:26.171") } },
  13: { check: 1, status: "up", reason: "", flipAt: at("00:59:34.901"), ping: CHECK2_PINGS[13] as Ping, downSince: at("00:59:32.023"), other: { down: true, lastPing: at("00:59:26.171") } },
};

/** The channel of a capture label. */
export function channel(label: string): CapturedChannel {
  const found = setup.channels.find((c) => c.label === label);
  if (!found) throw new Error(`no channel ${label}`);
  return found;
}

/** A channel's settings as they were at `step` (the redirect webhook had no up URL until step 4). */
export function valueAt(found: CapturedChannel, step: number): string {
  if (found.label === "webhook_redirect" && step <= 4) {
    return found.value.replace('"url_up": "http://127.0.0.1:41449/redirect/up"', '"url_up": ""');
  }
  return found.value;
}

function iso(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}+00:00`;
}

/** The check's v3 representation at delivery, as `$JSON` carries it. */
function checkJson(facts: StepFacts): string {
  const check = setup.checks[facts.check] as Record<string, unknown> & { timeout: number };
  return serviceJson({
    ...check,
    n_pings: facts.ping.n,
    status: facts.status,
    last_ping: iso(facts.ping.at),
    next_ping: facts.status === "up" ? iso(facts.ping.at + check.timeout * 1000) : null,
  });
}

/** The view of the delivery of `step` to the channel `label`, run at `now`. */
export function viewFor(step: number, label: string, now: number, unsubscribeUrl = ""): AlertView {
  const facts = STEP_FACTS[step];
  if (!facts) throw new Error(`step ${step} did not notify`);
  const check = setup.checks[facts.check] as Record<string, unknown> & { uuid: string; name: string; timeout: number };
  const target = channel(label);
  const other = setup.checks[1 - facts.check] as { uuid: string; name: string };
  const checkDown = facts.status === "down" ? 1 : 0;
  const otherDown = facts.other?.down ? 1 : 0;
  const ping = facts.ping;
  return {
    site: SITE,
    project: { name: setup.project.name },
    channel: { id: target.uuid, kind: target.kind, name: target.name, value: valueAt(target, step) },
    check: {
      uuid: check.uuid,
      name: check.name,
      slug: check["slug"] as string,
      tags: check["tags"] as string,
      desc: check["desc"] as string,
      kind: "simple",
      timeout: check.timeout,
      grace: check["grace"] as number,
      schedule: "* * * * *",
      tz: "UTC",
      uniqueKey: facts.check === 0 ? "d63900f487cc2f798df416820055a959b2821141" : "a7f8f2cb995294908f8ef4753cfbf9fee020169d",
      created: at("00:56:00"),
      json: checkJson(facts),
    },
    flip: { status: facts.status, reason: facts.reason, at: facts.flipAt },
    downtimeMs: facts.downSince === null ? null : facts.flipAt - facts.downSince,
    lastPing: {
      n: ping.n,
      type: ping.type,
      exitStatus: ping.exitStatus,
      body: ping.body === null ? null : new TextEncoder().encode(ping.body),
      remoteAddr: "127.0.0.1",
      at: ping.at,
      subject: null,
    },
    now,
    others: facts.other
      ? [{ uuid: other.uuid, uniqueKey: facts.check === 0 ? "a7f8f2cb995294908f8ef4753cfbf9fee020169d" : "d63900f487cc2f798df416820055a959b2821141", name: other.name, status: facts.other.down ? "down" : "up", lastPing: facts.other.lastPing }]
      : [],
    // Only the owner's address belongs to an account.
    overview: target.label === "email_owner" ? [{ id: PROJECT_ID, project: setup.project.name, down: checkDown + otherDown }] : null,
    unsubscribeUrl,
  };
}

/** The channel a captured request went to, by the receiver path its settings use. */
export function channelOfPath(path: string): string {
  const prefixes: Array<[string, string]> = [
    ["/wh/", "webhook_a"],
    ["/r500/", "webhook_500"],
    ["/redirect/", "webhook_redirect"],
    ["/ok-after-redirect", "webhook_redirect"],
    ["/slack", "slack"],
    ["/mattermost", "mattermost"],
    ["/rocketchat", "rocketchat"],
    ["/discord/", "discord"],
    ["/msteamsw", "msteamsw"],
    ["/ntfy", "ntfy"],
  ];
  const found = prefixes.find(([prefix]) => path.startsWith(prefix));
  if (!found) throw new Error(`unknown path ${path}`);
  return found[1];
}

/** A captured email, split into what the outbox keeps. */
export interface CapturedEmail {
  file: string;
  step: number;
  label: string;
  to: string;
  subject: string;
  date: number;
  unsubscribeUrl: string;
  /** The message's header fields in order, values unfolded (the subject still encoded). */
  headers: Array<[string, string]>;
  text: string;
  html: string;
}

function decodeSubject(header: string): string {
  const encoded = /^=\?utf-8\?b\?(.*)\?=$/i.exec(header);
  return encoded ? Buffer.from(encoded[1] as string, "base64").toString("utf8") : header;
}

/** Every captured alert email. */
export function capturedEmails(): CapturedEmail[] {
  const files = ["02-down-to-oncall", "02-down-to-owner", "03-up-to-owner", "04-down-to-oncall", "04-down-to-owner", "05-up-to-owner", "06-down-to-oncall", "06-down-to-owner", "07-up-to-owner", "11-down-to-oncall", "11-down-to-owner", "12-down-to-owner", "13-up-to-owner"];
  return files.map((name) => {
    const file = `email-step${name}.eml`;
    const raw = read(file);
    const header = (field: string): string => {
      const match = new RegExp(`^${field}: ?(.*(?:\\n .*)*)$`, "m").exec(raw);
      return (match?.[1] ?? "").replace(/\n /g, "").trim();
    };
    const part = (type: string): string => {
      const start = raw.indexOf("\n\n", raw.indexOf(`Content-Type: ${type}; charset="utf-8"`)) + 2;
      return raw.slice(start, raw.indexOf("\n--===============", start));
    };
    const head = raw.slice(0, raw.indexOf("\n\n")).replace(/\n /g, " ");
    return {
      file,
      step: Number(name.slice(0, 2)),
      label: name.endsWith("owner") ? "email_owner" : "email_downonly",
      to: header("To"),
      subject: decodeSubject(header("Subject")),
      date: Date.parse(header("Date")),
      unsubscribeUrl: header("List-Unsubscribe").replace(/^<|>$/g, ""),
      headers: head.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
      text: part("text/plain"),
      html: part("text/html"),
    };
  });
}

/** The arrival time of a request, epoch ms. */
export function arrival(request: CapturedRequest): number {
  return Date.parse(request.t);
}
