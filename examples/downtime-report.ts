/**
 * Read a check's flips (its status changes) and work out how long it was
 * down over the last 24 hours, period by period.
 *
 * Run: node --import tsx examples/downtime-report.ts [slug]      (default slug: inventory-sync)
 * Uses CHECKS_API_URL and CHECKS_API_KEY when set, else an in-process demo fake.
 */
import { formatDuration, runIfScript, type Io } from "./support/io.js";
import { connect } from "./support/service.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function main({ print, env, args }: Io): Promise<void> {
  const { client, now, where } = await connect(env);
  const slug = args[0] ?? "inventory-sync";
  const [check] = await client.checks.list({ slug });
  if (check === undefined) throw new Error(`no check has the slug ${slug} on ${where}`);
  const end = now().getTime();
  const start = end - DAY_MS;

  // Flips come newest first. The last flip before the window tells the status at its start.
  const [before] = await client.flips.list(check.uuid, { end: new Date(start) });
  const inWindow = (await client.flips.list(check.uuid, { start: new Date(start) })).reverse();
  print(`Downtime of "${check.name}" over the 24 hours before ${new Date(end).toISOString()} on ${where}:`);
  print(`  at the start: ${before === undefined ? "not monitored yet" : before.up ? "up" : "not up"}`);

  // `up: 0` means "no longer up": down, or (live service) paused. Either way no successful runs.
  let downSince = before?.up === 0 ? start : undefined;
  let downMs = 0;
  let periods = 0;
  for (const flip of inWindow) {
    const at = Date.parse(flip.timestamp);
    print(`  ${flip.timestamp}  ${flip.up ? "up" : "not up"}`);
    if (flip.up === 0 && downSince === undefined) downSince = at;
    if (flip.up === 1 && downSince !== undefined) {
      downMs += at - downSince;
      periods += 1;
      downSince = undefined;
    }
  }
  if (downSince !== undefined) {
    downMs += end - downSince;
    periods += 1;
  }
  const uptime = (100 * (DAY_MS - downMs)) / DAY_MS;
  print(`Down for ${formatDuration(downMs)} in ${periods} period(s): ${uptime.toFixed(1)}% up. Status now: ${check.status}.`);
}

runIfScript(import.meta.url, main);
