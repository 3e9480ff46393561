/**
 * Runs the scenario on both sides, step by step: fills in and sends each
 * request to the service, then to the fake, remembers the checks created,
 * normalises and compares the two answers, and hands each step's record to
 * the caller as it completes. Stops early, with the reason, when the run
 * cannot go on safely (interrupted, the service unreachable, the check
 * limit reached, a check that could alert someone).
 * @module
 */
import { uniqueKeyOf } from "@checks-api/sdk";
import { compareAnswers } from "./compare.js";
import type { Cleanup } from "./cleanup.js";
import { normalise, type NormalAnswer } from "./normalise.js";
import { describeRequest, summarise, type StepReport } from "./report.js";
import { RateLimitedError, type Answer, type Side } from "./sides.js";
import { MissingValueError, type Need, type RunNames, type Step } from "./step.js";

/** Why a run stopped before its end; the message is shown to the user. */
export class StopRun extends Error {
  /** Creates the reason. */
  constructor(message: string) {
    super(message);
    this.name = "StopRun";
  }
}

/** What a run works with. */
export interface RunContext {
  /** The service. */
  service: Side;
  /** The in-process fake. */
  fake: Side;
  /** A second in-process fake, in seed mode: told the same steps, to tell whether the service answers like one. */
  seedFake?: Side;
  /** The run's tag and prefix. */
  names: RunNames;
  /** Where the service's checks are tracked for deletion. */
  cleanup: Cleanup;
  /** Aborted by Ctrl-C: the request in flight is abandoned and the run stops. */
  signal: AbortSignal;
  /** Told of each step as it completes. */
  onStep: (step: StepReport) => void;
}

/** The scenario's result: every step's record, and why it stopped early if it did. */
export interface RunResult {
  /** Records of the steps run or skipped. */
  steps: StepReport[];
  /** Why the run stopped before its last step. */
  stopped?: string;
  /** Steps whose answers differ from those of the fake in seed mode, when there is one. */
  seedDiffer?: number;
}

const HAS: Record<Need, (side: Side) => boolean> = {
  "read-only key": (side) => side.keys.readOnly !== undefined,
  "ping key": (side) => side.keys.ping !== undefined,
};

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The check object an answer holds, if it is one. */
function checkIn(answer: Answer): Record<string, unknown> | undefined {
  if (!/^application\/json\b/.test(answer.contentType)) return undefined;
  try {
    const body: unknown = JSON.parse(Buffer.from(answer.body).toString("utf8"));
    return typeof body === "object" && body !== null && typeof (body as { update_url?: unknown }).update_url === "string" ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Records what an answer shows of the run's checks on `side`: a check
 * created under `creates`, and the integrations of any check it shows.
 * The first check seen also tells how the side writes its site root and
 * ping endpoint.
 */
async function learn(side: Side, answer: Answer, creates: string | undefined, cleanup: Cleanup | undefined): Promise<void> {
  const check = checkIn(answer);
  if (check === undefined) return;
  const updateUrl = String(check.update_url);
  const uuid = typeof check.uuid === "string" ? check.uuid : UUID_AT_END.exec(updateUrl)?.[1];
  if (uuid === undefined) return;
  if (creates !== undefined && answer.status < 300) {
    // Tracked first: whatever happens next, the check gets deleted.
    cleanup?.track(uuid, String(check.name), String(check.status));
    side.checks.set(creates, { uuid, uniqueKey: await uniqueKeyOf(uuid), channels: String(check.channels) });
    const site = updateUrl.match(/^(.*)\/api\/v\d+\/checks\/[^/]+$/)?.[1];
    if (site !== undefined) side.shownRoots.site = site;
    const pingUrl = typeof check.ping_url === "string" ? check.ping_url : "";
    if (pingUrl.endsWith(uuid)) side.shownRoots.pingEndpoint = pingUrl.slice(0, -uuid.length);
  }
  for (const known of side.checks.values()) if (known.uuid === uuid) known.channels = String(check.channels);
  if (typeof check.status === "string") cleanup?.note(uuid, check.status);
}

/** Sends a step to a fake side and learns from its answer, as from the service's. */
async function askFake(side: Side, step: Step, context: RunContext): Promise<Answer> {
  const answer = await side.send(step.request, context.names, context.signal);
  await learn(side, answer, step.creates, undefined);
  return answer;
}

/** Sends to the service; a failure to get an answer stops the run. */
async function askService(context: RunContext, step: Step): Promise<Answer> {
  try {
    return await context.service.send(step.request, context.names, context.signal);
  } catch (error) {
    if (context.signal.aborted) throw new StopRun("interrupted");
    if (error instanceof RateLimitedError) throw new StopRun(`at "${step.name}", ${error.message}`);
    throw new StopRun(`no answer from the service to "${step.name}": ${reason(error)}`);
  }
}

/** Runs `steps` in order on both sides. */
export async function runSteps(steps: readonly Step[], context: RunContext): Promise<RunResult> {
  const { service, fake, names, cleanup } = context;
  const done: StepReport[] = [];
  let seedDiffer = 0;
  const result = (stopped: string | undefined): RunResult => ({
    steps: done,
    ...(stopped === undefined ? {} : { stopped }),
    ...(context.seedFake ? { seedDiffer } : {}),
  });
  const record = (report: StepReport) => {
    done.push(report);
    context.onStep(report);
  };
  for (const [index, step] of steps.entries()) {
    const base = { n: index + 1, name: step.name, request: describeRequest(step.request), differences: [] };
    if (context.signal.aborted) return result("interrupted");
    if (step.needs !== undefined && !HAS[step.needs](service)) {
      record({ ...base, result: "skipped", reason: `no ${step.needs} given` });
      continue;
    }
    if (step.mayGoDown !== undefined) {
      const channels = service.checks.get(step.mayGoDown)?.channels;
      if (channels !== undefined && channels !== "") {
        return result(`check "${step.mayGoDown}" has integrations on the service: "${step.name}" could make it go down and notify them, so the run stops`);
      }
    }
    try {
      service.prepare(step.request, names);
      fake.prepare(step.request, names);
    } catch (error) {
      if (!(error instanceof MissingValueError)) throw error;
      record({ ...base, result: "skipped", reason: error.message });
      continue;
    }
    const target = step.mayGoDown === undefined ? undefined : service.checks.get(step.mayGoDown)?.uuid;
    const finish = target === undefined || step.leaves === undefined ? undefined : expectStatus(cleanup, target, step);
    let serviceAnswer: Answer;
    try {
      serviceAnswer = await askService(context, step);
    } catch (error) {
      if (error instanceof StopRun) return result(error.message);
      throw error;
    }
    finish?.();
    await learn(service, serviceAnswer, step.creates, cleanup);
    const deleted = step.deletes === undefined ? undefined : service.checks.get(step.deletes)?.uuid;
    if (deleted !== undefined && serviceAnswer.status < 300) cleanup.deleted(deleted);
    if (step.creates !== undefined && serviceAnswer.status === 403) {
      return result("the service refused to create a check (403): the account has reached its check limit. Delete or free some checks and run again");
    }
    const fakeAnswer = await askFake(fake, step, context);
    const serviceView = normalise(serviceAnswer, service, names, step.view);
    const fakeView = normalise(fakeAnswer, fake, names, step.view);
    const differences = compareAnswers(serviceView, fakeView);
    if (context.seedFake && !(await answersAlike(context.seedFake, step, context, serviceView))) seedDiffer++;
    record({ ...base, result: differences.length ? "differ" : "same", service: summarise(serviceView), fake: summarise(fakeView), differences });
  }
  return result(undefined);
}

/** Whether `side` answers `step` as the service did (a request it cannot fill in is a difference). */
async function answersAlike(side: Side, step: Step, context: RunContext, serviceView: NormalAnswer): Promise<boolean> {
  try {
    side.prepare(step.request, context.names);
  } catch (error) {
    if (error instanceof MissingValueError) return false;
    throw error;
  }
  const view = normalise(await askFake(side, step, context), side, context.names, step.view);
  return compareAnswers(serviceView, view).length === 0;
}

/**
 * Notes, before a step that changes a check's status is sent, that the
 * check may have that status whether or not an answer comes; the returned
 * function notes it for sure once the answer came.
 */
function expectStatus(cleanup: Cleanup, uuid: string, step: Step): () => void {
  const now = cleanup.statusOf(uuid);
  const becomes = step.leaves ?? now;
  if (now !== becomes) cleanup.note(uuid, `${now}, or ${becomes} if the service took "${step.name}" before it was lost`);
  return () => cleanup.note(uuid, becomes);
}
