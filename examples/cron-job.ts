/**
 * Wrap a cron job with the ping API: first by hand (start, then success or
 * fail with the job's output), then with `monitor()`, which sends the start
 * and finish signals with a run id, the tail of the job's output as the
 * finish signal's body, and reports a thrown error as a failure.
 * The check is addressed by the project's ping key and its slug.
 *
 * Run: node --import tsx examples/cron-job.ts [slug]      (default slug: nightly-backups)
 * Uses CHECKS_PING_KEY with CHECKS_PING_ENDPOINT or CHECKS_API_URL when set
 * (and CHECKS_API_KEY, if set, to print the ping log), else an in-process demo fake.
 */
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { promisify } from "node:util";
import { runIfScript, type Io } from "./support/io.js";
import { connectPings } from "./support/service.js";

/** The job's command: here a Node one-liner standing in for a real backup script. */
const BACKUP = [process.execPath, ["-e", "console.log('backed up 1234 files')"]] as const;

/** Runs the job, resolving to its output. */
async function backup(): Promise<string> {
  const { stdout } = await promisify(execFile)(...BACKUP);
  return stdout.trim();
}

export async function main({ print, env, args }: Io): Promise<void> {
  const { client: pings, pingKey, api, where } = await connectPings(env);
  const target = { pingKey, slug: args[0] ?? "nightly-backups" };
  print(`Running jobs for check "${target.slug}" on ${where}`);

  // 1. By hand: the time between start and success is the run's duration.
  const check = pings.ping(target);
  await check.start();
  try {
    const output = await backup();
    const result = await check.success({ body: output });
    print(`by hand:   "${output}" -> ${result.outcome}`);
  } catch (error) {
    await check.fail({ body: String(error) });
    throw error;
  }

  // 2. With monitor(): the child's output is the body of the finish signal, which carries its exit status.
  const exitStatus = await pings.monitor(target, async (run) => {
    const child = spawn(...BACKUP);
    const captured = run.capture(child.stdout);
    const [code] = (await once(child, "close")) as [number | null];
    await captured;
    run.exitStatus(code ?? 1); // only an explicit exit status is sent; what the job returns is not
    return code;
  });
  print(`monitor(): exit status ${exitStatus} reported`);

  // 3. A job that throws: monitor() sends a failure with the error text, then rethrows.
  try {
    await pings.monitor(target, () => {
      throw new Error("disk full");
    });
  } catch (error) {
    print(`monitor(): "${(error as Error).message}" reported as a failure`);
  }

  if (api === undefined) return;
  const [found] = await api.checks.list({ slug: target.slug });
  if (found === undefined) return;
  print(`Status now: ${found.status}. Latest pings:`);
  for (const ping of (await api.pings.list(found.uuid)).slice(0, 6)) {
    const run = ping.rid === null ? "" : `  run ${ping.rid.slice(0, 8)}`;
    print(`  #${ping.n} ${ping.type.padEnd(7)}${run}`);
  }
}

runIfScript(import.meta.url, main);
