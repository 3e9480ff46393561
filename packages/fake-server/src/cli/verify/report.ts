/**
 * The verify report: one record per step, the table printed as the run
 * goes, the closing summary, and the whole report as JSON for CI. Nothing
 * here shows a key or a check UUID: requests are shown with their
 * placeholders, answers after normalising.
 * @module
 */
import type { CleanupResult } from "./cleanup.js";
import { shorten } from "./compare.js";
import type { NormalAnswer } from "./normalise.js";
import type { StepRequest } from "./step.js";
import { API_KEY_VARIABLE } from "../service-url.js";

/** Longest answer excerpt in the table. */
const EXCERPT_LENGTH = 160;

/** An answer as the report shows it. */
export interface AnswerSummary {
  /** HTTP status. */
  status: number;
  /** `Content-Type`. */
  contentType: string;
  /** The normalised body, shortened. */
  body: string;
}

/** One step's outcome. */
export interface StepReport {
  /** Position in the scenario, from 1. */
  n: number;
  /** The step's name. */
  name: string;
  /** The request with its placeholders, e.g. `POST /api/v3/checks/{check:simple}/pause`. */
  request: string;
  /** `same`, `differ`, or `skipped` (with `reason`). */
  result: "same" | "differ" | "skipped";
  /** Why the step was skipped. */
  reason?: string;
  /** The service's answer. */
  service?: AnswerSummary;
  /** The fake's answer. */
  fake?: AnswerSummary;
  /** What differs, one line each. */
  differences: string[];
}

/** How the run ended. */
export type Outcome = "same" | "differ" | "could not run";

/** The whole report (`--json`). */
export interface VerifyReport {
  /** Format version of this document (2: `cleanup.left` lists objects with each check's status). */
  version: 2;
  /** The service's site root. */
  site: string;
  /** The tag the run's checks carried. */
  tag: string;
  /** Start time, ISO 8601. */
  startedAt: string;
  /** How the run ended. */
  outcome: Outcome;
  /** Why the run could not run or stopped early. */
  problem?: string;
  /** Counts of the steps. */
  summary: { steps: number; same: number; differ: number; skipped: number; notRun: number };
  /** The steps that ran or were skipped, in order. */
  steps: StepReport[];
  /** What the cleanup did: checks deleted, and the name and status of any it could not delete. */
  cleanup: CleanupResult;
  /** The command that deletes what the run left behind, when it left something. */
  cleanupCommand?: string;
  /** Set when the service answers more like the fake in seed mode than in live mode: how many steps differ from seed mode. */
  likeSeedMode?: { differ: number };
}

/** The request of a step as shown: method, path with placeholders, the key if not the read-write one, and the body. */
export function describeRequest(request: StepRequest): string {
  const where = request.endpoint === "ping" ? `<ping-endpoint>/${request.path}` : request.path;
  const key = request.key === undefined || request.key === "read-write" ? "" : ` [${request.key === "none" ? "no" : request.key} key]`;
  let body = "";
  if (request.json !== undefined) body = ` ${JSON.stringify(request.json)}`;
  else if (request.text !== undefined) body = ` ${JSON.stringify(request.text)}`;
  else if (request.bytes !== undefined) body = ` <${request.bytes.length} bytes>`;
  return shorten(`${request.method} ${where}${key}${body}`, EXCERPT_LENGTH);
}

/** An answer as the report shows it. */
export function summarise(answer: NormalAnswer): AnswerSummary {
  const { body } = answer;
  const text = body.kind === "json" ? JSON.stringify(body.value) : body.kind === "text" ? body.value : `<bytes, base64 ${body.value}>`;
  return { status: answer.status, contentType: answer.contentType, body: shorten(text, EXCERPT_LENGTH) };
}

const MARK = { same: "ok  ", differ: "DIFF", skipped: "skip" } as const;
const brief = (answer: AnswerSummary | undefined) => (answer ? `${answer.status} ${shorten(answer.contentType.split(";")[0] ?? "", 16)}` : "");

/** Prints the table line by line through `write`. */
export class TablePrinter {
  readonly #write: (line: string) => void;

  /** @param write Prints one line. */
  constructor(write: (line: string) => void) {
    this.#write = write;
  }

  /** The table's heading. */
  heading(site: string, tag: string): void {
    this.#write(`Comparing ${site} with the fake (live mode); the run's checks carry the tag ${tag}`);
    this.#write(`${"  #".padEnd(4)} ${"".padEnd(4)} ${"step".padEnd(36)} ${"service".padEnd(22)} fake`);
  }

  /** One step's line, and for a difference the request, what differs and both answers. */
  step(step: StepReport): void {
    const detail = step.result === "skipped" ? `(${step.reason ?? "skipped"})` : `${brief(step.service).padEnd(22)} ${brief(step.fake)}`;
    this.#write(`${String(step.n).padStart(3)}  ${MARK[step.result]} ${shorten(step.name, 36).padEnd(36)} ${detail}`);
    if (step.result !== "differ") return;
    this.#write(`        request: ${step.request}`);
    for (const line of step.differences) this.#write(`        - ${line}`);
    this.#write(`        service: ${step.service?.body ?? ""}`);
    this.#write(`        fake:    ${step.fake?.body ?? ""}`);
  }

  /**
   * What the cleanup did: all deleted, or each check left behind with its
   * status, and the command that deletes them.
   */
  cleanup(cleaned: CleanupResult, tag: string, command: string): void {
    const { left, unlisted } = cleaned;
    if (left.length === 0 && unlisted === undefined) {
      this.#write(`Cleanup: deleted the ${cleaned.deleted} check(s) the run created.`);
      return;
    }
    if (left.length > 0) this.#write(`Cleanup left ${left.length} check(s) behind on the service, under the tag ${tag}:`);
    for (const check of left) {
      this.#write(`  "${check.name}", ${check.status}${/\bdown\b/.test(check.status) ? " (it shows on the project's badges and dashboards)" : ""}`);
    }
    if (unlisted !== undefined) this.#write(`Cleanup ${unlisted}: more of the run's checks may be left.`);
    this.#write(`Delete them, with ${API_KEY_VARIABLE} set as for this run: ${command}`);
  }

  /** The closing lines. */
  summary(report: VerifyReport): void {
    const { summary } = report;
    const counts = `${summary.same} same, ${summary.differ} different, ${summary.skipped} skipped${summary.notRun ? `, ${summary.notRun} not run` : ""}`;
    this.#write("");
    if (report.problem !== undefined) this.#write(`Stopped: ${report.problem}`);
    this.#write(`${summary.steps} steps: ${counts}.`);
    this.cleanup(report.cleanup, report.tag, report.cleanupCommand ?? "");
    if (report.likeSeedMode !== undefined) {
      this.#write(
        `The service answers like checks-fake-server in seed mode (--compat seed): ${report.summary.differ} step(s) differ from live mode, ` +
          `${report.likeSeedMode.differ} from seed mode. If it is a checks-fake-server, start it with --compat live to stand in for Healthchecks.`,
      );
    }
    const verdict = { same: "The fake answers as the service does.", differ: "The fake and the service differ.", "could not run": "The comparison could not run to its end." };
    this.#write(verdict[report.outcome]);
  }
}
