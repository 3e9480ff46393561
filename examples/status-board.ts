/**
 * A text status board for a wall screen or a status page, built with a
 * read-only API key: it can list checks and flips but change nothing, so it
 * is safe to deploy where the key might leak.
 *
 * Run: node --import tsx examples/status-board.ts
 * Uses CHECKS_API_URL and CHECKS_API_READONLY_KEY when set, else an in-process demo fake.
 */
import type { CheckStatus } from "@checks-api/sdk";
import { ago, pad, runIfScript, type Io } from "./support/io.js";
import { connectReadOnly } from "./support/service.js";

const LABELS: Record<CheckStatus, string> = {
  up: "OK",
  started: "RUNNING",
  grace: "LATE",
  down: "DOWN",
  paused: "PAUSED",
  new: "WAITING",
};

export async function main({ print, env }: Io): Promise<void> {
  // A read-only client has no pings, channels or write methods: its type does not offer them.
  const { client, now, where } = await connectReadOnly(env);
  const checks = await client.checks.list();
  print(`STATUS BOARD  ${now().toISOString().slice(0, 16).replace("T", " ")} UTC  on ${where}`);

  const groups = new Map<string, typeof checks>();
  for (const check of checks) {
    const group = check.tags.split(" ")[0] || "untagged";
    groups.set(group, [...(groups.get(group) ?? []), check]);
  }
  for (const [group, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    print("");
    print(group.toUpperCase());
    for (const check of members) {
      let detail = `last ping ${ago(check.last_ping, now())}`;
      if (check.status === "down") {
        // Read-only checks carry `unique_key` instead of a UUID; flips accept either.
        const [flip] = await client.flips.list(check.unique_key);
        if (flip) detail = `down for ${ago(flip.timestamp, now()).replace(" ago", "")}`;
      }
      print(`  ${pad(LABELS[check.status], 8)} ${pad(check.name, 22)} ${detail}`);
    }
  }
  const healthy = checks.filter((check) => check.status === "up" || check.status === "started").length;
  print("");
  print(`${healthy} of ${checks.length} checks healthy`);
}

runIfScript(import.meta.url, main);
