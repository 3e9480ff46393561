/**
 * Pause the checks of a tag for a maintenance window, so that jobs stopped
 * on purpose raise no alerts, and resume them afterwards — also when the
 * maintenance fails. Checks that were paused before are left paused.
 *
 * Run: node --import tsx examples/maintenance-window.ts [tag]      (default tag: prod)
 * Uses CHECKS_API_URL and CHECKS_API_KEY when set, else an in-process demo fake.
 */
import { ConflictError, type ChecksClient } from "@checks-api/sdk";
import { runIfScript, type Io } from "./support/io.js";
import { connect } from "./support/service.js";

/** Runs `work` with the checks tagged `tag` paused, then resumes the ones it paused. */
async function withChecksPaused(client: ChecksClient, tag: string, print: Io["print"], work: () => Promise<void>) {
  const checks = await client.checks.list({ tag });
  const toPause = checks.filter((check) => check.status !== "paused");
  for (const check of toPause) {
    await client.checks.pause(check.uuid);
    print(`  paused  ${check.name} (was ${check.status})`);
  }
  for (const check of checks.filter((c) => c.status === "paused")) print(`  skipped ${check.name} (already paused)`);
  try {
    await work();
  } finally {
    for (const check of toPause) {
      try {
        // A resumed check is "new" until its next ping: no alert for the pings missed meanwhile.
        const resumed = await client.checks.resume(check.uuid);
        print(`  resumed ${resumed.name} (now ${resumed.status})`);
      } catch (error) {
        // Someone resumed it by hand during the window: nothing left to do.
        if (!(error instanceof ConflictError)) throw error;
        print(`  ${check.name} was already resumed`);
      }
    }
  }
}

export async function main({ print, env, args }: Io): Promise<void> {
  const { client, where } = await connect(env);
  const tag = args[0] ?? "prod";
  print(`Maintenance of the checks tagged "${tag}" on ${where}`);
  await withChecksPaused(client, tag, print, async () => {
    print("  … upgrading the database (the jobs are stopped) …");
  });
  print("Maintenance done.");
}

runIfScript(import.meta.url, main);
