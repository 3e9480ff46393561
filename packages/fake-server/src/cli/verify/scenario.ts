/**
 * The fixed scenario `checks-fake-server verify` runs against the service
 * and the fake, in order. Every check it creates carries the run's tag and
 * a slug and name under the run's prefix. Safety is built into the data:
 * only `quiet` is ever given integrations, and `quiet` is never pinged,
 * paused or resumed, so nothing the run does can notify anyone; the checks
 * that are pinged are created with `channels: ""` and long timeouts and
 * yearly schedules, so no status depends on time passing during the run.
 * Each check is deleted as soon as its steps are done, and the only pings
 * that make a check go down come last, so a service lost mid-run leaves at
 * most one check down.
 * @module
 */
import type { RunNames, Step } from "./step.js";

/** A run id no check has used: the start and finish pings of one run. */
const RUN_ID = "5b9dd9a2-7c86-4e2f-9a3b-1d2c3e4f5a6b";
/** A channel id no project has. */
const UNKNOWN_CHANNEL = "00000000-0000-4000-8000-000000000000";
/** A check UUID no project has. */
const UNKNOWN_CHECK = "00000000-0000-4000-8000-000000000001";
/** Every byte value once: a body that is not text. */
const BINARY = Array.from({ length: 256 }, (_, byte) => byte);

const DAY = 86_400;

/** The members of a check of the run besides its kind: name, slug, tags, no integration. */
const own = (name: string) => ({ name: `{name:${name}}`, slug: `{slug:${name}}`, tags: `{tag} {slug:${name}}`, channels: "" });

const create = (name: string, body: Record<string, unknown>): Step => ({
  name: `create ${name}`,
  request: { method: "POST", endpoint: "api", path: "/api/v3/checks/", key: "read-write", json: { ...own(name), ...body } },
  creates: name,
});

const ping = (name: string, check: string, suffix: string, body: Pick<Step["request"], "text" | "bytes"> & { method?: string } = {}): Step => {
  const { method = body.text === undefined && body.bytes === undefined ? "GET" : "POST", ...payload } = body;
  return { name, request: { method, endpoint: "ping", path: `{check:${check}}${suffix}`, ...payload }, mayGoDown: check };
};

const api = (name: string, method: string, path: string, extra: Partial<Step["request"]> = {}): Step => ({
  name,
  request: { method, endpoint: "api", path, key: "read-write", ...extra },
});

// Refused by a faithful service; a check one takes anyway is deleted with the rest.
const refuse = (name: string, json: unknown): Step => ({ ...api(`400 ${name}`, "POST", "/api/v3/checks/", { json }), creates: "refused" });

const remove = (name: string, check: string): Step => ({ ...api(name, "DELETE", `/api/v3/checks/{check:${check}}`), deletes: check });

/**
 * The badges of the run's own tags and of all checks (`*`): the list also
 * shows every other tag of the project. The service lists the tags of a
 * Python set, in an order that changes with every server process, so they
 * are compared in the order of their names.
 */
function ownBadges(body: unknown, names: RunNames): unknown {
  const badges = (body as { badges?: unknown } | null)?.badges;
  if (typeof badges !== "object" || badges === null) return body;
  const own = Object.entries(badges).filter(([tag]) => tag === "*" || tag.startsWith(names.prefix));
  return { badges: Object.fromEntries(own.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

/** The scenario, in the order it runs. */
export const SCENARIO: readonly Step[] = [
  create("simple", {
    desc: "made by checks-fake-server verify; deleted at the end of the run",
    timeout: DAY,
    grace: 3600,
    methods: "",
    manual_resume: false,
    start_kw: "begin",
    success_kw: "done,ok",
    failure_kw: "error",
    filter_subject: true,
    filter_body: true,
  }),
  create("cron", { schedule: "0 3 1 1 *", tz: "Europe/Riga", grace: DAY, methods: "POST", filter_http_body: true, filter_default_fail: false }),
  create("calendar", { schedule: "*-01-01 03:00", tz: "America/New_York", grace: DAY, manual_resume: true }),
  // The only check with integrations: never pinged, so it stays new and cannot go down.
  create("quiet", { timeout: DAY, channels: "*" }),
  { ...create("simple", { desc: "upserted", unique: ["name"] }), name: "upsert matching name" },
  { ...create("upserted", { timeout: 2 * DAY, unique: ["slug", "timeout"] }), name: "upsert creating" },

  api("list by tag", "GET", "/api/v3/checks/?tag={tag}"),
  api("list by two tags", "GET", "/api/v3/checks/?tag={tag}&tag={slug:cron}"),
  api("list by slug", "GET", "/api/v3/checks/?tag={tag}&slug={slug:simple}"),
  api("get by uuid", "GET", "/api/v3/checks/{check:simple}"),
  api("get by unique_key", "GET", "/api/v3/checks/{unique:simple}"),
  api("update", "POST", "/api/v3/checks/{check:simple}", { json: { desc: "updated", timeout: 2 * DAY, grace: 7200, tags: "{tag} {slug:simple} {slug:updated}" } }),
  api("update schedule and tz", "POST", "/api/v3/checks/{check:cron}", { json: { schedule: "30 4 2 2 *", tz: "Asia/Kolkata" } }),
  api("update to simple", "POST", "/api/v3/checks/{check:calendar}", { json: { timeout: 3 * DAY } }),
  api("pause", "POST", "/api/v3/checks/{check:upserted}/pause"),
  api("pause again", "POST", "/api/v3/checks/{check:upserted}/pause"),
  api("resume", "POST", "/api/v3/checks/{check:upserted}/resume"),
  api("409 resume a running check", "POST", "/api/v3/checks/{check:upserted}/resume"),

  // Pings that cannot make a check go down, on the checks deleted before `simple` gets its failing ones.
  ping("GET on a POST-only check", "cron", ""),
  { ...ping("POST on a POST-only check", "cron", "", { text: "ok" }), leaves: "up" },
  { ...ping("ping a paused-then-resumed check", "upserted", ""), leaves: "up" },
  { ...ping("slug ping", "cron", ""), request: { method: "POST", endpoint: "ping", path: "{ping-key}/{slug:cron}/start" }, needs: "ping key", leaves: "started" },
  { name: "404 unknown slug", request: { method: "GET", endpoint: "ping", path: "{ping-key}/{slug:none}" }, needs: "ping key" },
  { name: "404 unknown check", request: { method: "GET", endpoint: "ping", path: UNKNOWN_CHECK } },
  api("flips by unique_key", "GET", "/api/v3/checks/{unique:upserted}/flips/"),
  api("integrations", "GET", "/api/v3/channels/"),
  { ...api("badges", "GET", "/api/v3/badges/"), view: ownBadges },

  { ...api("read-only list", "GET", "/api/v3/checks/?tag={tag}", { key: "read-only" }), needs: "read-only key" },
  { ...api("read-only get by unique_key", "GET", "/api/v3/checks/{unique:simple}", { key: "read-only" }), needs: "read-only key" },
  { ...api("401 read-only key writes", "POST", "/api/v3/checks/{check:simple}", { key: "read-only", json: { desc: "x" } }), needs: "read-only key" },
  { ...api("401 read-only key lists pings", "GET", "/api/v3/checks/{check:simple}/pings/", { key: "read-only" }), needs: "read-only key" },

  refuse("timeout too small", { ...own("refused"), timeout: 10 }),
  refuse("grace not a number", { ...own("refused"), grace: "3600" }),
  // The run's tag even here: a service that took the check anyway leaves it where the cleanup looks.
  refuse("name not a string", { name: false, tags: "{tag}" }),
  refuse("slug pattern", { ...own("refused"), slug: "Not A Slug" }),
  refuse("bad schedule", { ...own("refused"), schedule: "* * * * * *" }),
  refuse("bad time zone", { ...own("refused"), schedule: "0 3 1 1 *", tz: "Mars/Olympus" }),
  refuse("unknown integration", { ...own("refused"), channels: UNKNOWN_CHANNEL }),
  refuse("bad unique", { ...own("refused"), unique: ["color"] }),
  api("400 body not JSON", "POST", "/api/v3/checks/", { text: "{not json", headers: { "Content-Type": "application/json" } }),
  api("401 no key", "GET", "/api/v3/checks/?tag={tag}", { key: "none" }),
  api("401 malformed key", "GET", "/api/v3/checks/?tag={tag}", { key: "malformed" }),
  api("401 unknown key", "GET", "/api/v3/checks/?tag={tag}", { key: "unknown" }),
  api("403 POST without CSRF token", "POST", "/api/v3/status/", { key: "none", headers: { Referer: "{site}/" } }),
  api("404 unknown check", "GET", `/api/v3/checks/${UNKNOWN_CHECK}`),
  api("404 unknown unique_key", "GET", "/api/v3/checks/0000000000000000000000000000000000000000"),
  api("405 PUT checks", "PUT", "/api/v3/checks/"),
  api("405 DELETE integrations", "DELETE", "/api/v3/channels/"),
  api("405 GET pause", "GET", "/api/v3/checks/{check:simple}/pause"),

  remove("delete", "quiet"),
  api("404 get deleted", "GET", "/api/v3/checks/{check:quiet}"),
  remove("delete cron", "cron"),
  remove("delete calendar", "calendar"),
  remove("delete upserted", "upserted"),

  // `simple` alone is left, and its failing pings come last: a service lost
  // from here on leaves at most this one check behind, and down only if it
  // was lost between "fail with body" and "ping back up".
  { ...ping("ping", "simple", ""), leaves: "up" },
  ping("ping HEAD", "simple", "", { method: "HEAD" }),
  ping("ping with text body", "simple", "", { text: "all done" }),
  { ...ping("start with run id", "simple", `/start?rid=${RUN_ID}`), leaves: "started" },
  { ...ping("success with run id", "simple", `?rid=${RUN_ID}`, { text: "finished ok" }), leaves: "up" },
  ping("log with binary body", "simple", "/log", { bytes: BINARY }),
  ping("exit status 0", "simple", "/0"),
  { ...ping("fail with body", "simple", "/fail", { text: "error: disk full" }), leaves: "down" },
  { ...ping("exit status 3", "simple", "/3", { text: "exit 3" }), leaves: "down" },
  { ...ping("ping back up", "simple", ""), leaves: "up" },

  api("pings list", "GET", "/api/v3/checks/{check:simple}/pings/"),
  api("ping body (text)", "GET", "/api/v3/checks/{check:simple}/pings/3/body"),
  api("ping body (binary)", "GET", "/api/v3/checks/{check:simple}/pings/6/body"),
  api("404 ping without body", "GET", "/api/v3/checks/{check:simple}/pings/1/body"),
  api("404 ping never received", "GET", "/api/v3/checks/{check:simple}/pings/999/body"),
  api("flips", "GET", "/api/v3/checks/{check:simple}/flips/"),
  api("flips of the last hour", "GET", "/api/v3/checks/{check:simple}/flips/?seconds=3600"),
  api("400 flips filter", "GET", "/api/v3/checks/{check:simple}/flips/?seconds=abc"),
  api("get after pings", "GET", "/api/v3/checks/{check:simple}"),
  remove("delete simple", "simple"),
];
