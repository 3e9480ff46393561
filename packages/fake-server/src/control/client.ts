/**
 * A small typed client for the fake's remote control API (see
 * `control/routes.ts`), for tests that drive a fake running in another process.
 * @module
 */
import type { Check, CreateCheckInput } from "@checks-api/schema/lite";
import type { FaultSpec } from "../http/faults.js";
import type { JournalEntry, JournalFilter } from "../http/journal.js";
import type { ClockInput } from "../model/clock.js";
import type { EmailOutcome, InboundEmail } from "../model/email/deliver.js";
import type { AccountLimits, ServiceLimits } from "../model/limits.js";
import type { ChannelInfo, ChannelInit, ProjectInfo, ProjectInit } from "../model/projects.js";
import type { StatusChange } from "../model/status.js";
import type { NotificationFilter } from "../notify/delivery-filter.js";
import type { DeliveryRecord } from "../notify/outbox.js";
import type { FakeState, PingState } from "../model/state.js";
import { DEFAULT_CONTROL_PREFIX } from "./routes.js";

/** Options of {@link FakeServerClient}. */
export interface FakeServerClientOptions {
  /** Root URL of the running fake, e.g. `http://127.0.0.1:8000`. */
  url: string;
  /** Control prefix the fake was started with; default `/__fake`. */
  prefix?: string;
  /** The `fetch` to use; default the global one. */
  fetch?: typeof fetch;
  /** The fake's control token (`control.token`, the CLI's `--control-token`), sent as `Authorization: Bearer …`; default none. */
  token?: string;
}

/** A control request the fake refused (400, 401, 403, 404, 405, 413, 415) or could not answer. */
export class FakeServerControlError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;

  /** Creates the error from the fake's answer. */
  constructor(status: number, message: string) {
    super(message);
    this.name = "FakeServerControlError";
    this.status = status;
  }
}

/**
 * Drives a fake running elsewhere through its control endpoints. Every method
 * mirrors the `FakeServer` member of the same name (`clock` included) and
 * resolves once the fake has applied it; refused requests reject with
 * {@link FakeServerControlError}.
 *
 * Guides: [testing with the fake server](../../../../docs/testing.md), [the CLI](../../../../docs/cli.md).
 *
 * @example
 * ```ts
 * const control = new FakeServerClient({ url: "http://127.0.0.1:8000" });
 * const project = await control.createProject({ name: "ci" });
 * await control.clock.advance(60_000);
 * ```
 */
export class FakeServerClient {
  /**
   * The fake's clock, with the verbs of `FakeServer.clock`; each resolves to
   * the fake's time once it has applied the move.
   */
  readonly clock: {
    /** The fake's current time. */
    now(): Promise<Date>;
    /** Moves the clock forward by `ms` milliseconds; the timeout detector runs as if time had passed. */
    advance(ms: number): Promise<Date>;
    /** Sets the clock to a `Date`, epoch milliseconds or an ISO 8601 text. */
    set(date: ClockInput): Promise<Date>;
  };
  readonly #base: string;
  readonly #fetch: typeof fetch;
  readonly #authorization: string | undefined;

  /** Creates a client for the fake at `options.url`. */
  constructor(options: FakeServerClientOptions) {
    const prefix = (options.prefix ?? DEFAULT_CONTROL_PREFIX).replace(/\/+$/, "");
    this.#base = options.url.replace(/\/+$/, "") + prefix;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#authorization = options.token === undefined ? undefined : `Bearer ${options.token}`;
    const time = async (answer: Promise<{ now: string }>) => new Date((await answer).now);
    this.clock = {
      now: () => time(this.#call("GET", "/clock")),
      advance: (ms) => time(this.#call("POST", "/clock/advance", { ms })),
      set: (date) => time(this.#call("POST", "/clock/set", { time: date instanceof Date ? date.toISOString() : date })),
    };
  }

  /** Creates a project (and its account) with generated or given keys. */
  createProject(init: ProjectInit = {}): Promise<ProjectInfo> {
    return this.#call("POST", "/projects", init);
  }

  /** Every project, in creation order, with its keys and its account's limits. */
  projects(): Promise<ProjectInfo[]> {
    return this.#call("GET", "/projects");
  }

  /** A project's checks now, each in its live read-write representation (with `uuid`), as {@link FakeServerClient.createCheck} resolves to one. */
  checks(projectId: string): Promise<(Check & { uuid: string })[]> {
    return this.#call("GET", `/projects/${encodeURIComponent(projectId)}/checks`);
  }

  /** Adds an integration to a project, with its settings (`value`) and `disabled` flag. */
  addChannel(projectId: string, init: ChannelInit): Promise<ChannelInfo> {
    return this.#call("POST", `/projects/${encodeURIComponent(projectId)}/channels`, init);
  }

  /** A project's integrations, with their `disabled` flag and last delivery error. */
  channels(projectId: string): Promise<ChannelInfo[]> {
    return this.#call("GET", `/projects/${encodeURIComponent(projectId)}/channels`);
  }

  /**
   * Moves the fake's clock to the next status change of a check
   * (`{ check: uuid }`) or of a project's checks (`{ project: id }`), and
   * resolves to what changed, or `null` when time alone changes nothing.
   * As in-process, `at` is epoch milliseconds (the control API's JSON
   * carries it as ISO 8601 text, as every time it holds).
   */
  async advanceToNextChange(target: { check: string } | { project: string }): Promise<StatusChange | null> {
    const answer = await this.#call<{ change: (Omit<StatusChange, "at"> & { at: string }) | null }>("POST", "/clock/next-change", target);
    return answer.change && { ...answer.change, at: Date.parse(answer.change.at) };
  }

  /** A check's ping log, oldest first, bodies in base64. */
  pings(uuid: string): Promise<PingState[]> {
    return this.#call("GET", `/checks/${encodeURIComponent(uuid)}/pings`);
  }

  /** The outbox: every delivery record, oldest first, or those that match each member of `filter` given. */
  notifications(filter: NotificationFilter = {}): Promise<DeliveryRecord[]> {
    return this.#call("GET", `/notifications${searchOf(filter)}`);
  }

  /** Empties the outbox. */
  clearNotifications(): Promise<void> {
    return this.#call("DELETE", "/notifications");
  }

  /** Resolves once every due notification delivery of the fake has finished. */
  settled(): Promise<void> {
    return this.#call("POST", "/notifications/settled");
  }

  /**
   * Creates a check in a project, validated like `POST /api/v3/checks/`;
   * resolves to its live read-write representation, which has `uuid`.
   */
  createCheck(projectId: string, body: CreateCheckInput = {}): Promise<Check & { uuid: string }> {
    return this.#call("POST", `/projects/${encodeURIComponent(projectId)}/checks`, body);
  }

  /** The service's limits the fake runs with. */
  limits(): Promise<ServiceLimits> {
    return this.#call("GET", "/limits");
  }

  /** Changes the service's limits, as `FakeServer.setLimits()` does; answers the limits now in force. */
  setLimits(limits: Partial<ServiceLimits>): Promise<ServiceLimits> {
    return this.#call("PATCH", "/limits", limits);
  }

  /** Changes the check and ping log limits of a project's account, as `FakeServer.setProjectLimits()` does. */
  setProjectLimits(projectId: string, limits: Partial<AccountLimits>): Promise<ProjectInfo> {
    return this.#call("PATCH", `/projects/${encodeURIComponent(projectId)}`, limits);
  }

  /** Delivers an inbound email to the fake's ping address. */
  deliverEmail(message: InboundEmail): Promise<EmailOutcome> {
    return this.#call("POST", "/emails", message);
  }

  /** The requests the fake recorded, oldest first, or the entries that match each member of `filter` given (`operation: null`: those no operation served). */
  journal(filter: JournalFilter = {}): Promise<JournalEntry[]> {
    return this.#call("GET", `/journal${searchOf({ ...filter, operation: filter.operation === null ? "" : filter.operation })}`);
  }

  /** Empties the journal. */
  clearJournal(): Promise<void> {
    return this.#call("DELETE", "/journal");
  }

  /** Injects a fault (latency, error answer, dropped connection); `times: Infinity` travels as `null`. */
  inject(fault: FaultSpec): Promise<void> {
    return this.#call("POST", "/faults", fault);
  }

  /** Removes every pending fault. */
  clearFaults(): Promise<void> {
    return this.#call("DELETE", "/faults");
  }

  /** Empties the fake (projects, checks, journal, faults); the clock is kept. */
  reset(): Promise<void> {
    return this.#call("POST", "/reset");
  }

  /** The fake's whole state. */
  exportState(): Promise<FakeState> {
    return this.#call("GET", "/state");
  }

  /** Replaces the fake's state with one from {@link FakeServerClient.exportState}. */
  importState(state: FakeState): Promise<void> {
    return this.#call("PUT", "/state", state);
  }

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.#authorization !== undefined) headers.authorization = this.#authorization;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    const response = await this.#fetch(this.#base + path, init);
    const text = await response.text();
    if (!response.ok) throw new FakeServerControlError(response.status, errorMessage(response.status, text));
    return (text === "" ? undefined : JSON.parse(text)) as T;
  }
}

function errorMessage(status: number, text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && "error" in parsed && typeof parsed.error === "string") {
      return parsed.error;
    }
  } catch {
    // Not JSON: fall through to a generic message with the raw text.
  }
  return `control request failed with status ${status}${text ? `: ${text.slice(0, 200)}` : ""}`;
}

// A filter as URL query parameters (`?check=…&status=down`), its unset members left out.
function searchOf(filter: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
