/**
 * List the checks that carry every given tag, with their status, and count
 * them by status.
 *
 * Run: node --import tsx examples/list-checks-by-tag.ts [tag ...]      (default tag: prod)
 * Uses CHECKS_API_URL and CHECKS_API_KEY when set, else an in-process demo fake.
 */
import { ago, pad, runIfScript, type Io } from "./support/io.js";
import { connect } from "./support/service.js";

export async function main({ print, env, args }: Io): Promise<void> {
  const { client, now, where } = await connect(env);
  const tags = args.length > 0 ? args : ["prod"];
  print(`Checks tagged ${tags.join(" + ")} on ${where}:`);

  // The service filters: a check is listed only when it has every tag.
  const checks = await client.checks.list({ tag: tags });
  const byStatus = new Map<string, number>();
  for (const check of checks) {
    print(`  ${pad(check.status, 8)}${pad(check.name, 22)}last ping ${ago(check.last_ping, now())}  [${check.tags}]`);
    byStatus.set(check.status, (byStatus.get(check.status) ?? 0) + 1);
  }
  const summary = [...byStatus].map(([status, count]) => `${count} ${status}`).join(", ");
  print(`${checks.length} checks${summary ? `: ${summary}` : ""}`);
}

runIfScript(import.meta.url, main);
