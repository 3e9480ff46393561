// The fake server's dashboard: reads the control API once a second and
// draws its checks, clock, outbox and journal; the clock controls call the
// same API. Served by the fake itself under its control prefix, so every
// request here is same-origin and passes the control API's guard (the
// control token, when one is set, rides in the cookie `{prefix}/ui?token=…`
// set).
"use strict";

const PREFIX = location.pathname.replace(/\/ui$/, "");
const POLL_MS = 1000;

const $ = (id) => document.getElementById(id);

/** An element with attributes and children (strings become text, never markup). */
function h(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") element.className = value;
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return element;
}

/** A control API call; rejects with the API's error message. */
async function api(method, path, body) {
  const response = await send(method, path, body, {});
  return response.status === 204 ? null : response.json();
}

async function send(method, path, body, headers) {
  const init = { method, headers: { ...headers }, credentials: "same-origin", cache: "no-store" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${PREFIX}${path}`, init);
  if (!response.ok && response.status !== 304) {
    const answer = await response.json().catch(() => null);
    throw new Error(answer && typeof answer.error === "string" ? answer.error : `${method} ${path} answered ${response.status}`);
  }
  return response;
}

// The last answer to each read, with its ETag: a read whose answer did not
// change costs a 304 without a body.
const reads = new Map();

/** A read of the control API: `{ value, changed }`, `changed` false when the fake answered 304. */
async function read(path) {
  const known = reads.get(path);
  const response = await send("GET", path, undefined, known ? { "If-None-Match": known.etag } : {});
  if (response.status === 304 && known) {
    // Read to its (empty) end, so the browser counts the exchange as finished, not aborted.
    await response.arrayBuffer();
    return { value: known.value, changed: false };
  }
  const value = await response.json();
  const etag = response.headers.get("ETag");
  if (etag) reads.set(path, { etag, value });
  return { value, changed: true };
}

// ---- time

const UNITS = [
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** `3600` → `1 hour`, `5400` → `1 hour 30 minutes`. */
function duration(seconds) {
  if (seconds === 0) return "0 seconds";
  const parts = [];
  let left = Math.round(seconds);
  for (const [name, size] of UNITS) {
    const count = Math.floor(left / size);
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
    left -= count * size;
    if (parts.length === 2) break;
  }
  return parts.join(" ");
}

/** An ISO time as `2025-01-01 12:00:00 UTC`. */
function clockText(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC");
}

/** How far `iso` is from the fake's clock: `in 5 minutes`, `2 hours ago`. */
function relative(iso) {
  const seconds = (new Date(iso).getTime() - new Date(view.now).getTime()) / 1000;
  if (!Number.isFinite(seconds)) return "";
  if (Math.abs(seconds) < 1) return "now";
  return seconds > 0 ? `in ${duration(seconds)}` : `${duration(-seconds)} ago`;
}

function when(iso, missing) {
  if (iso === null || iso === undefined) return h("span", { class: "muted" }, missing);
  return h("span", {}, h("time", { datetime: iso }, clockText(iso)), h("span", { class: "muted" }, ` (${relative(iso)})`));
}

// ---- state

// How many deliveries and requests are read at first, and added by "Load more".
const PAGE = 25;
// A clock that runs by itself changes the checks' statuses without a change
// of revision: they are read again when it has moved this far.
const TIME_REFRESH_MS = 10_000;

const view = { now: null, revision: null, projects: [], checks: new Map(), outbox: [], journal: [], outboxLimit: PAGE, journalLimit: PAGE };
const openLogs = new Set();
const pingLogs = new Map();
let readAt = null;

function checkName(uuid) {
  const check = view.checks.get(uuid);
  return check ? check.name || "(unnamed)" : `${uuid.slice(0, 8)}… (deleted)`;
}

/** Reads the fake again when its revision moved (or its clock did, by itself, far enough); otherwise only the clock is drawn. */
async function refresh(force) {
  const { value } = await read("/revision");
  const moved = value.now !== view.now;
  view.now = value.now;
  const due = readAt === null || Math.abs(new Date(value.now).getTime() - readAt) >= TIME_REFRESH_MS;
  if (force || value.revision !== view.revision || due) {
    view.revision = value.revision;
    readAt = new Date(value.now).getTime();
    await readAll();
  } else if (moved) drawClock();
}

async function readAll() {
  const [projects, outbox, journal] = await Promise.all([
    read("/projects"),
    read(`/notifications?limit=${view.outboxLimit}`),
    read(journalPath()),
  ]);
  const lists = await Promise.all(projects.value.map((project) => read(`/projects/${encodeURIComponent(project.id)}/checks`)));
  const checksChanged = projects.changed || lists.some((list) => list.changed);
  view.projects = projects.value.map((project, index) => ({ project, checks: lists[index].value }));
  view.checks = new Map(lists.flatMap((list) => list.value).map((check) => [check.uuid, check]));
  view.outbox = outbox.value;
  view.journal = journal.value;
  let logsChanged = false;
  for (const uuid of openLogs) {
    if (!view.checks.has(uuid)) {
      openLogs.delete(uuid);
      pingLogs.delete(uuid);
      logsChanged = true;
    } else if (pingLogs.get(uuid)?.nPings !== view.checks.get(uuid).n_pings) {
      await loadPingLog(uuid);
      logsChanged = true;
    }
  }
  drawClock();
  drawProjectChoice();
  drawCheckChoice();
  // Relative times ("5 minutes ago") follow the clock.
  keepingFocus(drawChecks);
  if (outbox.changed || checksChanged || logsChanged) drawOutbox();
  if (journal.changed) drawJournal();
}

// Drawing replaces elements: the one that had the focus gets it back.
function keepingFocus(redraw) {
  const key = document.activeElement?.dataset?.focus;
  redraw();
  if (key) document.querySelector(`[data-focus="${CSS.escape(key)}"]`)?.focus();
}

// ---- clock

// The "Set to" field shows the clock's time, unless the reader is typing one.
let setTimeTyped = false;

function drawClock() {
  $("now").textContent = clockText(view.now);
  $("now").setAttribute("datetime", view.now);
  const field = $("set-time");
  if (!setTimeTyped && document.activeElement !== field) field.value = view.now;
}

function drawProjectChoice() {
  const select = $("next-change-project");
  const chosen = select.value;
  const ids = view.projects.map(({ project }) => project.id);
  if (JSON.stringify(ids) === select.dataset.ids) return;
  select.dataset.ids = JSON.stringify(ids);
  select.replaceChildren(...view.projects.map(({ project }) => h("option", { value: project.id }, project.name || project.id)));
  if (ids.includes(chosen)) select.value = chosen;
}

async function clockAction(action) {
  const result = $("clock-result");
  try {
    result.textContent = await action();
    result.className = "";
  } catch (error) {
    result.textContent = error.message;
    result.className = "error";
  }
  // Whatever moved the clock, the field shows where it is now.
  setTimeTyped = false;
  await update(true);
}

$("set-time").addEventListener("input", () => (setTimeTyped = true));

function describeChange(answer) {
  if (answer.change === null) return "Nothing changes by time alone: the clock stays.";
  const { check, from, to, at } = answer.change;
  return `${checkName(check)}: ${from} → ${to} at ${clockText(at)}.`;
}

$("next-change-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const project = $("next-change-project").value;
  if (!project) {
    $("clock-result").textContent = "No project yet: create one over the control API.";
    return;
  }
  clockAction(async () => describeChange(await api("POST", "/clock/next-change", { project })));
});

$("advance-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const ms = Number($("advance-amount").value) * Number($("advance-unit").value);
  clockAction(async () => `Advanced to ${clockText((await api("POST", "/clock/advance", { ms })).now)}.`);
});

$("set-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const time = $("set-time").value.trim();
  clockAction(async () => `Set to ${clockText((await api("POST", "/clock/set", { time })).now)}.`);
});

// ---- checks

function status(name) {
  return h("span", { class: `status status-${name}` }, name);
}

function period(check) {
  if ("timeout" in check) return `every ${duration(check.timeout)}`;
  return h("span", {}, h("code", {}, check.schedule), ` (${check.tz})`);
}

function drawChecks() {
  const body = $("checks-body");
  if (view.projects.length === 0) {
    body.replaceChildren(h("p", { class: "empty" }, "No projects yet."));
    return;
  }
  body.replaceChildren(
    ...view.projects.map(({ project, checks }) =>
      h(
        "section",
        { class: "project", "aria-label": `Project ${project.name || project.id}` },
        h("h3", {}, project.name || "(unnamed project)", " ", h("span", { class: "muted id" }, project.id)),
        checks.length === 0
          ? h("p", { class: "empty" }, "No checks.")
          : h(
              "table",
              { class: "checks" },
              h(
                "thead",
                {},
                h("tr", {}, ...["Name", "Status", "Period or schedule", "Grace", "Last ping", "Next due", "Ping log"].map((title) => h("th", { scope: "col" }, title))),
              ),
              h("tbody", {}, ...checks.flatMap(checkRows)),
            ),
      ),
    ),
  );
}

function checkRows(check) {
  const name = check.name || "(unnamed)";
  const open = openLogs.has(check.uuid);
  const row = h(
    "tr",
    { "data-check": check.uuid },
    h(
      "th",
      { scope: "row" },
      h("span", { class: "label" }, "name "),
      name,
      check.slug ? h("div", {}, h("span", { class: "label" }, "slug "), h("code", {}, check.slug)) : null,
      check.tags ? h("div", { class: "tags" }, h("span", { class: "label" }, "tags "), check.tags) : null,
    ),
    h("td", {}, status(check.status), check.started && check.status !== "started" ? h("div", { class: "muted" }, "run started") : null),
    h("td", {}, period(check)),
    h("td", {}, duration(check.grace)),
    h("td", {}, when(check.last_ping, "never")),
    h("td", {}, when(check.next_ping, "—")),
    h(
      "td",
      {},
      h(
        "button",
        { type: "button", "data-focus": `log-${check.uuid}`, "aria-expanded": open ? "true" : "false", "aria-label": `Ping log of ${name}`, onclick: () => togglePingLog(check.uuid) },
        `${check.n_pings} ping${check.n_pings === 1 ? "" : "s"}`,
      ),
    ),
  );
  if (!open) return [row];
  return [row, h("tr", { class: "details" }, h("td", { colspan: 7 }, details(check)))];
}

// One badge image per check, kept across redraws: the page loads it once, not on every poll.
const badges = new Map();

function badge(check) {
  let image = badges.get(check.uuid);
  if (image?.getAttribute("src") !== check.badge_url) {
    image = h("img", { src: check.badge_url, alt: `badge of ${check.name || "the check"}` });
    badges.set(check.uuid, image);
  }
  return image;
}

function details(check) {
  const log = pingLogs.get(check.uuid);
  const last = log?.pings.at(-1);
  return h(
    "div",
    { class: "details-body" },
    check.badge_url ? h("p", {}, "Badge: ", badge(check), " ", h("a", { href: check.badge_url }, check.badge_url)) : null,
    last?.body ? h("div", { class: "last-body" }, h("h4", {}, `Last ping body (#${last.n})`), h("pre", { class: "full" }, bodyText(last.body))) : null,
    !log ? h("p", {}, "Loading…") : log.pings.length === 0 ? h("p", { class: "empty" }, "No pings logged.") : pingTable(log.pings),
  );
}

function pingTable(pings) {
  return h(
    "table",
    { class: "pings" },
    h("thead", {}, h("tr", {}, ...["#", "Time", "Kind", "Source", "Body"].map((title) => h("th", { scope: "col" }, title)))),
    h(
      "tbody",
      {},
      ...[...pings].reverse().map((ping, index) =>
        h(
          "tr",
          {},
          h("td", {}, ping.n),
          h("td", {}, when(new Date(ping.at).toISOString())),
          h("td", {}, ping.type, ping.exitStatus !== null && ping.exitStatus !== undefined ? ` (exit ${ping.exitStatus})` : ""),
          h("td", {}, [ping.scheme, ping.method, ping.remoteAddr].filter(Boolean).join(" "), ping.ua ? h("div", { class: "muted" }, ping.ua) : null),
          h("td", {}, index === 0 && ping.body ? h("span", { class: "muted" }, `${bodyLength(ping.body)}, shown above`) : pingBody(ping.body)),
        ),
      ),
    ),
  );
}

// An email ping keeps the whole message, up to 32 MiB: the page shows the start of a body
// (whole groups of 3 bytes, so that the start of its base64 decodes alone).
const SHOWN_BODY_BYTES = 3 * 21845;

function bodyBytes(base64) {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function byteCount(base64) {
  return (base64.length / 4) * 3 - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);
}

function bodyLength(base64) {
  const length = byteCount(base64);
  return `${length} byte${length === 1 ? "" : "s"}`;
}

function bodyText(base64) {
  const length = byteCount(base64);
  if (length <= SHOWN_BODY_BYTES) return new TextDecoder().decode(bodyBytes(base64));
  const start = new TextDecoder().decode(bodyBytes(base64.slice(0, (SHOWN_BODY_BYTES / 3) * 4)));
  return `${start}\n… (the first ${SHOWN_BODY_BYTES} of ${length} bytes shown)`;
}

function pingBody(base64) {
  if (!base64) return h("span", { class: "muted" }, "none");
  return h("details", {}, h("summary", {}, bodyLength(base64)), h("pre", {}, bodyText(base64)));
}

async function togglePingLog(uuid) {
  if (openLogs.has(uuid)) openLogs.delete(uuid);
  else {
    openLogs.add(uuid);
    keepingFocus(drawChecks);
    await loadPingLog(uuid).catch(showProblem);
  }
  keepingFocus(drawChecks);
}

async function loadPingLog(uuid) {
  // The shared form carries a body several pings hold (one email naming the check several times) once.
  const log = await api("GET", `/checks/${encodeURIComponent(uuid)}/pings?bodies=shared`);
  const pings = log.pings.map((ping) => (ping.sharedBody === undefined ? ping : { ...ping, body: log.bodies[ping.sharedBody] ?? null }));
  pingLogs.set(uuid, { nPings: view.checks.get(uuid)?.n_pings, pings });
}

// ---- outbox

function flipLine(flip) {
  return h("p", { class: "flip" }, status(flip.status), flip.reason ? ` ${flip.reason}` : "", " at ", h("time", { datetime: flip.time }, clockText(flip.time)));
}

function outcome(record) {
  if (record.error === "Sending") return h("span", { class: "muted" }, "sending…");
  if (record.error !== "") return h("span", { class: "error" }, `error: ${record.error}`);
  if (!record.sent) return h("span", { class: "muted" }, "recorded, not sent");
  return h("span", { class: "ok" }, "delivered");
}

function requestView(request, sent) {
  const answer = request.status !== null ? String(request.status) : h("span", { class: "muted" }, sent ? "no answer" : "not sent");
  return h(
    "div",
    { class: "request" },
    h("p", {}, h("code", {}, `${request.method} ${request.url}`), " → ", answer),
    h(
      "details",
      {},
      h("summary", {}, `${request.headers.length} header${request.headers.length === 1 ? "" : "s"}`),
      h("table", { class: "headers" }, h("tbody", {}, ...request.headers.map(([name, value]) => h("tr", {}, h("th", { scope: "row" }, name), h("td", {}, value))))),
    ),
    request.body === null ? h("p", { class: "muted" }, "No body.") : h("pre", { class: "body" }, request.body),
  );
}

/**
 * The key the fake serves an email's HTML part under (`{prefix}/ui/email/{key}`):
 * two 32-bit FNV-1a digests of its UTF-16 code units, as the fake computes them.
 */
function emailKey(html) {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < html.length; i++) {
    const unit = html.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

// The HTML part comes from its own address, under a policy that lets its
// inline styles apply and runs nothing; the frame is sandboxed too.
function emailView(email) {
  return h(
    "div",
    { class: "email" },
    h("dl", {}, h("dt", {}, "Subject"), h("dd", {}, email.subject), h("dt", {}, "To"), h("dd", {}, email.to)),
    typeof email.html === "string"
      ? h(
          "details",
          { open: true },
          h("summary", {}, "HTML part"),
          h("iframe", { sandbox: "", src: `ui/email/${emailKey(email.html)}`, title: `HTML part of ${email.subject}`, loading: "lazy" }),
        )
      : null,
    h("details", { open: typeof email.html !== "string" }, h("summary", {}, "Text part"), h("pre", { class: "body" }, email.text)),
  );
}

function deliveryView(record) {
  return h(
    "article",
    { class: "delivery" },
    h("h3", {}, record.channel.name || record.channel.kind, " ", h("span", { class: "kind" }, record.channel.kind), " · ", checkName(record.check)),
    flipLine(record.flip),
    h("p", {}, "Started ", h("time", { datetime: record.time }, clockText(record.time)), ": ", outcome(record)),
    ...record.requests.map((request) => requestView(request, record.sent)),
    record.email ? emailView(record.email) : null,
  );
}

// Each record's element, by its text and its check's name: a record drawn
// once keeps its element (and an email's frame stays loaded) until it changes.
let deliveries = new Map();

function drawOutbox() {
  const records = view.outbox;
  $("outbox-count").textContent =
    records.length < view.outboxLimit ? `${records.length} deliver${records.length === 1 ? "y" : "ies"}` : `the newest ${records.length} deliveries`;
  $("outbox-more").hidden = records.length < view.outboxLimit;
  if (records.length === 0) {
    deliveries = new Map();
    $("outbox-body").replaceChildren(h("p", { class: "empty" }, "No deliveries yet."));
    return;
  }
  const next = new Map();
  const elements = [...records].reverse().map((record) => {
    const key = JSON.stringify([record, checkName(record.check)]);
    const element = (!next.has(key) && deliveries.get(key)) || deliveryView(record);
    next.set(key, element);
    return element;
  });
  deliveries = next;
  const body = $("outbox-body");
  for (const child of [...body.children]) if (!elements.includes(child)) child.remove();
  // New records go on top: the elements kept stay where they are, so their frames do not load again.
  elements.forEach((element, index) => {
    if (body.children[index] !== element) body.insertBefore(element, body.children[index] ?? null);
  });
}

$("outbox-clear").addEventListener("click", () => api("DELETE", "/notifications").then(() => update(), showProblem));
$("outbox-more").addEventListener("click", () => {
  view.outboxLimit += PAGE;
  update(true);
});

// ---- journal

// The operations seen so far, for the list that picks one.
const operationsSeen = new Set();

function drawJournal() {
  const select = $("journal-operation");
  for (const entry of view.journal) operationsSeen.add(entry.operation ?? "(none)");
  const operations = [...operationsSeen].sort();
  const chosen = select.value;
  if (JSON.stringify(operations) !== select.dataset.operations) {
    select.dataset.operations = JSON.stringify(operations);
    select.replaceChildren(h("option", { value: "" }, "All operations"), ...operations.map((operation) => h("option", { value: operation }, operation)));
    select.value = chosen;
  }
  const shown = view.journal;
  $("journal-count").textContent =
    shown.length < view.journalLimit ? `${shown.length} request${shown.length === 1 ? "" : "s"}` : `the newest ${shown.length} requests`;
  $("journal-more").hidden = shown.length < view.journalLimit;
  if (shown.length === 0) {
    const filtered = $("journal-operation").value !== "" || $("journal-check").value !== "";
    $("journal-body").replaceChildren(h("p", { class: "empty" }, filtered ? "No request matches." : "No requests yet."));
    return;
  }
  $("journal-body").replaceChildren(
    h(
      "table",
      { class: "journal" },
      h("thead", {}, h("tr", {}, ...["Time", "Method", "Path", "Operation", "Check", "Key", "Status"].map((title) => h("th", { scope: "col" }, title)))),
      h(
        "tbody",
        {},
        ...[...shown].reverse().map((entry) =>
          h(
            "tr",
            {},
            h("td", {}, h("time", { datetime: entry.time }, clockText(entry.time))),
            h("td", {}, entry.method),
            h("td", {}, h("code", {}, entry.path)),
            h("td", {}, entry.operation ?? h("span", { class: "muted" }, "—")),
            h("td", {}, entry.checkName === undefined ? h("span", { class: "muted" }, "—") : entry.checkName || "(unnamed)"),
            h("td", {}, entry.keyKind ?? h("span", { class: "muted" }, "—")),
            h("td", { class: entry.status >= 400 || entry.status === 0 ? "error" : "" }, entry.status === 0 ? "none" : String(entry.status), entry.fault ? ` (fault: ${entry.fault})` : ""),
          ),
        ),
      ),
    ),
  );
}

// The fake picks the entries: those of one check (the journal shows checks'
// UUIDs masked), of one operation, the newest so many.
function journalPath() {
  const query = new URLSearchParams({ limit: String(view.journalLimit) });
  const check = $("journal-check").value;
  if (check) query.set("check", check);
  const operation = $("journal-operation").value;
  if (operation) query.set("operation", operation === "(none)" ? "" : operation);
  return `/journal?${query}`;
}

function drawCheckChoice() {
  const select = $("journal-check");
  const choices = view.projects.flatMap(({ project, checks }) =>
    checks.map((check) => [check.uuid, view.projects.length > 1 ? `${project.name || project.id} / ${check.name || "(unnamed)"}` : check.name || "(unnamed)"]),
  );
  if (JSON.stringify(choices) === select.dataset.choices) return;
  select.dataset.choices = JSON.stringify(choices);
  const chosen = select.value;
  select.replaceChildren(h("option", { value: "" }, "All checks"), ...choices.map(([uuid, label]) => h("option", { value: uuid }, label)));
  select.value = choices.some(([uuid]) => uuid === chosen) ? chosen : "";
}

$("journal-operation").addEventListener("change", () => update(true));
$("journal-check").addEventListener("change", () => update(true));
$("journal-clear").addEventListener("click", () => api("DELETE", "/journal").then(() => update(), showProblem));
$("journal-more").addEventListener("click", () => {
  view.journalLimit += PAGE;
  update(true);
});

// ---- the loop

function showProblem(error) {
  const line = $("connection");
  line.textContent = `Cannot read the fake: ${error.message}`;
  line.className = "error";
}

// One update at a time, in order: a slow read that ends late must not draw
// over what a later one (after "Load more", say) drew.
let updating = Promise.resolve();

function update(force) {
  updating = updating.then(async () => {
    try {
      await refresh(force === true);
      $("connection").textContent = `Live: updated every ${POLL_MS / 1000} s`;
      $("connection").className = "muted";
    } catch (error) {
      showProblem(error);
    }
  });
  return updating;
}

async function loop() {
  if (!document.hidden) await update();
  setTimeout(loop, POLL_MS);
}

loop();
