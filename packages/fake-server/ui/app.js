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
  const init = { method, headers: {}, credentials: "same-origin", cache: "no-store" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${PREFIX}${path}`, init);
  if (!response.ok) {
    const answer = await response.json().catch(() => null);
    throw new Error(answer && typeof answer.error === "string" ? answer.error : `${method} ${path} answered ${response.status}`);
  }
  return response.status === 204 ? null : response.json();
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

const view = { now: null, projects: [], checks: new Map(), outbox: [], journal: [] };
// The JSON last drawn per section: a section is drawn again only when it changed,
// so that what a reader opened stays open.
const drawn = { checks: "", outbox: "", journal: "" };
const openLogs = new Set();
const pingLogs = new Map();

function checkName(uuid) {
  const check = view.checks.get(uuid);
  return check ? check.name || "(unnamed)" : `${uuid.slice(0, 8)}… (deleted)`;
}

async function refresh() {
  const [clock, projects, outbox, journal] = await Promise.all([
    api("GET", "/clock"),
    api("GET", "/projects"),
    api("GET", "/notifications"),
    api("GET", journalPath()),
  ]);
  const lists = await Promise.all(projects.map((project) => api("GET", `/projects/${encodeURIComponent(project.id)}/checks`)));
  view.now = clock.now;
  view.projects = projects.map((project, index) => ({ project, checks: lists[index] }));
  view.checks = new Map(lists.flat().map((check) => [check.uuid, check]));
  view.outbox = outbox;
  view.journal = journal;
  for (const uuid of openLogs) {
    if (!view.checks.has(uuid)) {
      openLogs.delete(uuid);
      pingLogs.delete(uuid);
    } else if (pingLogs.get(uuid)?.nPings !== view.checks.get(uuid).n_pings) await loadPingLog(uuid);
  }
  draw();
}

function draw() {
  $("now").textContent = clockText(view.now);
  $("now").setAttribute("datetime", view.now);
  drawProjectChoice();
  const checksKey = JSON.stringify([view.now, view.projects, [...openLogs], [...pingLogs.values()].map((log) => log.nPings)]);
  if (checksKey !== drawn.checks) {
    drawn.checks = checksKey;
    keepingFocus(drawChecks);
  }
  const outboxKey = JSON.stringify([view.outbox, [...view.checks.keys()]]);
  if (outboxKey !== drawn.outbox) {
    drawn.outbox = outboxKey;
    drawOutbox();
  }
  drawCheckChoice();
  const journalKey = JSON.stringify([view.journal, $("journal-operation").value]);
  if (journalKey !== drawn.journal) {
    drawn.journal = journalKey;
    drawJournal();
  }
}

// Drawing replaces elements: the one that had the focus gets it back.
function keepingFocus(redraw) {
  const key = document.activeElement?.dataset?.focus;
  redraw();
  if (key) document.querySelector(`[data-focus="${CSS.escape(key)}"]`)?.focus();
}

// ---- clock

function drawProjectChoice() {
  const select = $("next-change-project");
  const chosen = select.value;
  const ids = view.projects.map(({ project }) => project.id);
  if (JSON.stringify(ids) === select.dataset.ids) return;
  select.dataset.ids = JSON.stringify(ids);
  select.replaceChildren(...view.projects.map(({ project }) => h("option", { value: project.id }, project.name || project.id)));
  if (ids.includes(chosen)) select.value = chosen;
  if (!$("set-time").value && view.now) $("set-time").value = view.now;
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
  await update();
}

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
    h("th", { scope: "row" }, name, check.slug ? h("div", { class: "muted" }, check.slug) : null, check.tags ? h("div", { class: "tags" }, check.tags) : null),
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

function details(check) {
  const log = pingLogs.get(check.uuid);
  return h(
    "div",
    { class: "details-body" },
    check.badge_url ? h("p", {}, "Badge: ", h("img", { src: check.badge_url, alt: `badge of ${check.name || "the check"}` }), " ", h("a", { href: check.badge_url }, check.badge_url)) : null,
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
      ...[...pings].reverse().map((ping) =>
        h(
          "tr",
          {},
          h("td", {}, ping.n),
          h("td", {}, when(new Date(ping.at).toISOString())),
          h("td", {}, ping.type, ping.exitStatus !== null && ping.exitStatus !== undefined ? ` (exit ${ping.exitStatus})` : ""),
          h("td", {}, [ping.scheme, ping.method, ping.remoteAddr].filter(Boolean).join(" "), ping.ua ? h("div", { class: "muted" }, ping.ua) : null),
          h("td", {}, pingBody(ping.body)),
        ),
      ),
    ),
  );
}

function pingBody(base64) {
  if (!base64) return h("span", { class: "muted" }, "none");
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return h("details", {}, h("summary", {}, `${bytes.length} byte${bytes.length === 1 ? "" : "s"}`), h("pre", {}, new TextDecoder().decode(bytes)));
}

async function togglePingLog(uuid) {
  if (openLogs.has(uuid)) openLogs.delete(uuid);
  else {
    openLogs.add(uuid);
    keepingFocus(drawChecks);
    await loadPingLog(uuid).catch(showProblem);
  }
  drawn.checks = "";
  draw();
}

async function loadPingLog(uuid) {
  const pings = await api("GET", `/checks/${encodeURIComponent(uuid)}/pings`);
  pingLogs.set(uuid, { nPings: view.checks.get(uuid)?.n_pings, pings });
}

// ---- outbox

function flipLine(flip) {
  return h("p", { class: "flip" }, status(flip.status), flip.reason ? ` ${flip.reason}` : "", " at ", h("time", { datetime: flip.time }, clockText(flip.time)));
}

function outcome(record) {
  if (record.error === "") return h("span", { class: "ok" }, "delivered");
  if (record.error === "Sending") return h("span", { class: "muted" }, "sending…");
  return h("span", { class: "error" }, `error: ${record.error}`);
}

function requestView(request) {
  return h(
    "div",
    { class: "request" },
    h("p", {}, h("code", {}, `${request.method} ${request.url}`), " → ", request.status === null ? h("span", { class: "muted" }, "no answer") : String(request.status)),
    h(
      "details",
      {},
      h("summary", {}, `${request.headers.length} header${request.headers.length === 1 ? "" : "s"}`),
      h("table", { class: "headers" }, h("tbody", {}, ...request.headers.map(([name, value]) => h("tr", {}, h("th", { scope: "row" }, name), h("td", {}, value))))),
    ),
    request.body === null ? h("p", { class: "muted" }, "No body.") : h("pre", { class: "body" }, request.body),
  );
}

function emailView(email) {
  return h(
    "div",
    { class: "email" },
    h("dl", {}, h("dt", {}, "Subject"), h("dd", {}, email.subject), h("dt", {}, "To"), h("dd", {}, email.to)),
    h("pre", { class: "body" }, email.text),
    typeof email.html === "string" ? h("iframe", { sandbox: "", srcdoc: email.html, title: `HTML part of ${email.subject}` }) : null,
  );
}

function drawOutbox() {
  const records = view.outbox;
  $("outbox-count").textContent = `${records.length} deliver${records.length === 1 ? "y" : "ies"}`;
  if (records.length === 0) {
    $("outbox-body").replaceChildren(h("p", { class: "empty" }, "No deliveries yet."));
    return;
  }
  $("outbox-body").replaceChildren(
    ...[...records].reverse().map((record) =>
      h(
        "article",
        { class: "delivery" },
        h("h3", {}, record.channel.name || record.channel.kind, " ", h("span", { class: "kind" }, record.channel.kind), " · ", checkName(record.check)),
        flipLine(record.flip),
        h("p", {}, "Started ", h("time", { datetime: record.time }, clockText(record.time)), ": ", outcome(record)),
        ...record.requests.map(requestView),
        record.email ? emailView(record.email) : null,
      ),
    ),
  );
}

$("outbox-clear").addEventListener("click", () => api("DELETE", "/notifications").then(update, showProblem));

// ---- journal

function drawJournal() {
  const select = $("journal-operation");
  const operations = [...new Set(view.journal.map((entry) => entry.operation ?? "(none)"))].sort();
  const chosen = select.value;
  if (JSON.stringify(operations) !== select.dataset.operations) {
    select.dataset.operations = JSON.stringify(operations);
    select.replaceChildren(h("option", { value: "" }, "All operations"), ...operations.map((operation) => h("option", { value: operation }, operation)));
    select.value = operations.includes(chosen) ? chosen : "";
  }
  const shown = view.journal.filter((entry) => select.value === "" || (entry.operation ?? "(none)") === select.value);
  $("journal-count").textContent = `${shown.length} of ${view.journal.length} request${view.journal.length === 1 ? "" : "s"}`;
  if (shown.length === 0) {
    $("journal-body").replaceChildren(h("p", { class: "empty" }, view.journal.length === 0 ? "No requests yet." : "No request matches."));
    return;
  }
  $("journal-body").replaceChildren(
    h(
      "table",
      { class: "journal" },
      h("thead", {}, h("tr", {}, ...["Time", "Method", "Path", "Operation", "Key", "Status"].map((title) => h("th", { scope: "col" }, title)))),
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
            h("td", {}, entry.keyKind ?? h("span", { class: "muted" }, "—")),
            h("td", { class: entry.status >= 400 || entry.status === 0 ? "error" : "" }, entry.status === 0 ? "none" : String(entry.status), entry.fault ? ` (fault: ${entry.fault})` : ""),
          ),
        ),
      ),
    ),
  );
}

// The journal shows checks' UUIDs masked, so the fake picks a check's entries.
function journalPath() {
  const check = $("journal-check").value;
  return check ? `/journal?check=${encodeURIComponent(check)}` : "/journal";
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

$("journal-operation").addEventListener("change", draw);
$("journal-check").addEventListener("change", update);
$("journal-clear").addEventListener("click", () => api("DELETE", "/journal").then(update, showProblem));

// ---- the loop

function showProblem(error) {
  const line = $("connection");
  line.textContent = `Cannot read the fake: ${error.message}`;
  line.className = "error";
}

async function update() {
  try {
    await refresh();
    $("connection").textContent = `Live: updated every ${POLL_MS / 1000} s`;
    $("connection").className = "muted";
  } catch (error) {
    showProblem(error);
  }
}

async function loop() {
  if (!document.hidden) await update();
  setTimeout(loop, POLL_MS);
}

loop();
