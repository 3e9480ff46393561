/**
 * The check endpoints: list, get, create/upsert, update, pause, resume,
 * delete (`docs/reference.md#checks-representation-and-validation`).
 * @module
 */
import {
  CHECK_DEFAULTS,
  validateCheckBody,
  type CheckBody,
  type Compat,
} from "@checks-api/schema/lite";
import type { Core } from "../../model/service.js";
import { representContext, type Exchange } from "../exchange.js";
import { checkJsonBytes, READ_ONLY_VIEW, READ_WRITE_VIEW, type CheckView } from "../represent.js";
import type { Reply } from "../reply.js";
import { apiError, apiFailure, jsonBytesReply, type HeaderMap } from "../responses.js";
import { isValidSchedule, scheduleKind } from "../../model/schedule/index.js";
import { clearStart } from "../../model/signals.js";
import { rearm, recordFlip, type ApiVersion } from "../../model/status.js";
import { uniqueKeyOf, type CheckSettings, type Project, type StoredCheck } from "../../model/store.js";
import { resolveChannels } from "./channels.js";
import { concatBytes, latin1Bytes } from "../../text/bytes.js";

/** What a handler of an addressed check receives. */
export interface CheckRequest {
  /** Core state. */
  core: Core;
  /** The request. */
  ex: Exchange;
  /** Version from the path. */
  version: ApiVersion;
  /** CORS headers of the endpoint. */
  cors: HeaderMap;
  /** The key was read-only. */
  readOnly: boolean;
}

function respondCheck(req: CheckRequest, check: StoredCheck, status: number, view?: Partial<CheckView>): Reply {
  const ctx = representContext(req.core, req.ex.now, req.version);
  const plain = req.readOnly ? READ_ONLY_VIEW : READ_WRITE_VIEW;
  return jsonBytesReply(status, checkJsonBytes(check, ctx, view ? { ...plain, ...view } : plain), req.cors);
}

const LIST_OPEN = latin1Bytes('{"checks": [');
const LIST_SEPARATOR = latin1Bytes(", ");
const LIST_CLOSE = latin1Bytes("]}");

/** `GET checks/`: the project's checks in creation order, filtered by `tag` (all) and `slug`. */
export function listChecks(req: CheckRequest, project: Project): Reply {
  const { search, now } = req.ex;
  const params = search === "" ? undefined : req.ex.params;
  const tags = params ? [...new Set(params.getAll("tag"))] : [];
  let slug = params?.getAll("slug").at(-1);
  if (slug === "" && req.core.options.compat === "live") slug = undefined;
  const ctx = representContext(req.core, now, req.version);
  const view = req.readOnly ? READ_ONLY_VIEW : READ_WRITE_VIEW;
  // The service's `{"checks": [...]}` with its separators, around each check's own JSON.
  const chunks: Uint8Array[] = [LIST_OPEN];
  for (const check of project.checks.values()) {
    if (slug !== undefined && check.slug !== slug) continue;
    if (tags.length > 0 && !hasTags(check, tags)) continue;
    if (chunks.length > 1) chunks.push(LIST_SEPARATOR);
    chunks.push(checkJsonBytes(check, ctx, view));
  }
  chunks.push(LIST_CLOSE);
  return jsonBytesReply(200, joined(project, chunks), req.cors);
}

// Each project's last list answer, with the pieces it was joined from. Pieces
// that are the same objects make the same text, since a check's bytes are
// replaced, never changed, when what they show changes: the memo needs no
// rule to keep it true. It keeps a list served over HTTP within the bench's
// bound (0.8 of a bare server for 20 checks): new bytes for every answer
// cost the socket's write more than the rendering.
const lastLists = new WeakMap<Project, { chunks: Uint8Array[]; bytes: Uint8Array }>();

function joined(project: Project, chunks: Uint8Array[]): Uint8Array {
  const last = lastLists.get(project);
  if (last?.chunks.length === chunks.length && last.chunks.every((chunk, i) => chunk === chunks[i])) return last.bytes;
  const bytes = concatBytes(chunks);
  lastLists.set(project, { chunks, bytes });
  return bytes;
}

/** The check's tags: its `tags` split on spaces, empty pieces dropped. */
export function tagsOf(check: StoredCheck): string[] {
  return check.tags.split(" ").filter((tag) => tag !== "");
}

function hasTags(check: StoredCheck, wanted: string[]): boolean {
  const own = tagsOf(check);
  return wanted.every((tag) => own.includes(tag));
}

/** `GET checks/{uuid}` and `GET checks/{unique_key}`. */
export function getCheck(req: CheckRequest, check: StoredCheck): Reply {
  return respondCheck(req, check, 200);
}

/** The outcome of a create, upsert or update before it becomes an answer. */
export type SaveOutcome =
  | { ok: true; check: StoredCheck; created: boolean }
  | { ok: false; status: 400; error: string }
  | { ok: false; status: 403; error: "checkLimit" };

function validate(body: Record<string, unknown>, operation: "create" | "update", compat: Compat) {
  return validateCheckBody(body, { operation, compat, isValidSchedule });
}

/**
 * Create or upsert (`docs/reference.md#create-and-upsert`): validation, upsert lookup, check limit,
 * channel resolution, save. Shared by the endpoint and the seeding helper.
 */
export function saveNewCheck(core: Core, project: Project, body: Record<string, unknown>, version: ApiVersion, now: number): SaveOutcome {
  const result = validate(body, "create", core.options.compat);
  if (!result.success) return { ok: false, status: 400, error: result.error };
  const data = result.data;
  const existing = findUpsertMatch(project, data);
  if (!existing) {
    const account = project.account;
    if (account.checkLimit - core.store.accountCheckCount(account) <= 0) {
      return { ok: false, status: 403, error: "checkLimit" };
    }
  }
  let channels: string[] | undefined;
  if (data.channels !== undefined) {
    const resolved = resolveChannels(project, data.channels);
    if (!resolved.ok) return { ok: false, status: 400, error: resolved.error };
    channels = resolved.ids;
  }
  const check = existing ?? insertCheck(core, project, now);
  applySettings(core, check, data, version, channels);
  return { ok: true, check, created: existing === undefined };
}

function findUpsertMatch(project: Project, data: CheckBody): StoredCheck | undefined {
  const unique = data.unique;
  if (!unique || unique.length === 0 || !unique.every((field) => data[field] !== undefined)) return undefined;
  for (const check of project.checks.values()) {
    if (unique.every((field) => check[field] === data[field])) return check;
  }
  return undefined;
}

/** Creates a check with the defaults and adds it to the store (no limit check). */
export function insertCheck(core: Core, project: Project, now: number): StoredCheck {
  const uuid = core.ids.uuid();
  // The defaults are spread last: a literal that starts with a spread got a
  // hidden class of its own per check once optimised (about 20 KiB each,
  // the largest allocation of a typical test).
  const check: StoredCheck = {
    uuid,
    project,
    seq: ++core.store.seq,
    created: now,
    kind: "simple",
    badgeKey: core.ids.uuid(),
    uniqueKey: uniqueKeyOf(uuid),
    nPings: 0,
    lastPing: null,
    lastStart: null,
    lastStartRid: null,
    lastDuration: null,
    status: "new",
    expected: null,
    alertAfter: null,
    heapIndex: -1,
    channels: new Set(),
    pings: [],
    flips: [],
    jsonCache: null,
    ...CHECK_DEFAULTS,
  };
  core.store.addCheck(check);
  return check;
}

// Members copied as given; `timeout` and `schedule` decide the kind and are
// handled on their own.
const PLAIN_SETTINGS = (Object.keys(CHECK_DEFAULTS) as (keyof CheckSettings)[]).filter(
  (key) => key !== "timeout" && key !== "schedule",
);

/**
 * Django's `slugify`, which API v1 and v2 apply to `name`: ASCII-folded,
 * lowercased, runs of spaces and hyphens made one hyphen.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[^\x00-\x7f]/g, "")
    .replace(/[^\w\s-]/g, "")
    .toLowerCase()
    .trim()
    .replace(/[-\s]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
}

function applySettings(core: Core, check: StoredCheck, data: CheckBody, version: ApiVersion, channels: string[] | undefined): void {
  check.jsonCache = null;
  if (data.subject !== undefined) {
    check.success_kw = data.subject;
    check.filter_subject = check.success_kw !== "" || check.failure_kw !== "";
  }
  if (data.subject_fail !== undefined) {
    check.failure_kw = data.subject_fail;
    check.filter_subject = check.success_kw !== "" || check.failure_kw !== "";
  }
  // v1/v2 derive the slug only from a name that changes.
  if (version < 3 && data.name !== undefined && data.name !== check.name) check.slug = slugify(data.name);
  const settings = check as CheckSettings;
  for (const key of PLAIN_SETTINGS) {
    const value = data[key];
    if (value !== undefined) (settings as Record<string, unknown>)[key] = value;
  }
  if (data.schedule !== undefined) {
    check.schedule = data.schedule;
    check.kind = scheduleKind(data.schedule);
  } else if (data.timeout !== undefined) {
    check.timeout = data.timeout;
    check.kind = "simple";
  }
  if (channels !== undefined) check.channels = new Set(channels);
  rearm(core.store, check);
}

/** `POST checks/`: 201 created, 200 upsert match, 400, 403. */
export function createCheck(req: CheckRequest, project: Project, body: Record<string, unknown>): Reply {
  const outcome = saveNewCheck(req.core, project, body, req.version, req.ex.now);
  if (!outcome.ok) return failure(req, outcome);
  req.ex.check = outcome.check.uuid;
  return respondCheck(req, outcome.check, outcome.created ? 201 : 200);
}

function failure(req: CheckRequest, outcome: Extract<SaveOutcome, { ok: false }>): Reply {
  if (outcome.status === 403) return apiFailure(req.core.options.compat, "checkLimit", req.cors);
  return apiError(400, outcome.error, req.cors);
}

/** `POST checks/{uuid}`: only the members present change. */
export function updateCheck(req: CheckRequest, check: StoredCheck, body: Record<string, unknown>): Reply {
  const result = validate(body, "update", req.core.options.compat);
  if (!result.success) return apiError(400, result.error, req.cors);
  let channels: string[] | undefined;
  if (result.data.channels !== undefined) {
    const resolved = resolveChannels(check.project, result.data.channels);
    if (!resolved.ok) return apiError(400, resolved.error, req.cors);
    channels = resolved.ids;
  }
  applySettings(req.core, check, result.data, req.version, channels);
  return respondCheck(req, check, 200);
}

/** `POST checks/{uuid}/pause`; a paused check stays as it is. */
export function pauseCheck(req: CheckRequest, check: StoredCheck): Reply {
  if (check.status !== "paused") {
    recordFlip(req.core.store, check, req.ex.now, "paused", "");
    clearStart(check);
    rearm(req.core.store, check);
  }
  return respondCheck(req, check, 200);
}

/** `POST checks/{uuid}/resume`: 409 unless paused. */
export function resumeCheck(req: CheckRequest, check: StoredCheck): Reply {
  if (check.status !== "paused") return apiFailure(req.core.options.compat, "notPaused", req.cors);
  recordFlip(req.core.store, check, req.ex.now, "new", "");
  clearStart(check);
  check.lastPing = null;
  rearm(req.core.store, check);
  return respondCheck(req, check, 200);
}

/** `DELETE checks/{uuid}`: answers with the check as it was (live: `channels` emptied). */
export function deleteCheck(req: CheckRequest, check: StoredCheck): Reply {
  const response = respondCheck(req, check, 200, { channelsCleared: req.core.options.compat === "live" });
  req.core.store.removeCheck(check);
  return response;
}
