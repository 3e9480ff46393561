/**
 * From a CI pipeline: create the check of a scheduled job, or update it when
 * a check with its slug exists (an upsert), and assign integrations by name.
 * Run it on every deploy; it never creates duplicates.
 *
 * Run: node --import tsx examples/ci-upsert-check.ts [--slug db-backup] [--name "DB backup"]
 *        [--schedule "30 2 * * *"] [--tz UTC] [--tags "prod db"] [--channel "Ops email" ...]
 * Uses CHECKS_API_URL and CHECKS_API_KEY when set, else an in-process demo fake.
 */
import { parseArgs } from "node:util";
import { runIfScript, type Io } from "./support/io.js";
import { connect } from "./support/service.js";

export async function main({ print, env, args }: Io): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      slug: { type: "string", default: "db-backup" },
      name: { type: "string", default: "DB backup" },
      schedule: { type: "string", default: "30 2 * * *" },
      tz: { type: "string", default: "UTC" },
      tags: { type: "string", default: "prod db" },
      channel: { type: "string", multiple: true, default: ["Ops email", "#alerts"] },
    },
  });
  const { client, where } = await connect(env);
  print(`Upserting check "${values.slug}" on ${where}`);

  // Fail early, with the list of valid names, when an integration is misspelt.
  const channels = await client.channels.list();
  const unknown = values.channel.filter((name) => !channels.some((channel) => channel.name === name));
  if (unknown.length > 0) {
    throw new Error(`unknown integration ${unknown.join(", ")}; the project has: ${channels.map((c) => c.name).join(", ")}`);
  }

  // `unique: ["slug"]` makes this an upsert: the check with this slug is updated, or a new one created.
  const { check, created } = await client.checks.upsert({
    name: values.name,
    slug: values.slug,
    tags: values.tags,
    schedule: values.schedule,
    tz: values.tz,
    grace: 3600,
    channels: values.channel.join(","),
    unique: ["slug"],
  });

  const assigned = channels.filter((channel) => check.channels.split(",").includes(channel.id));
  print(`${created ? "Created" : "Updated"} "${check.name}" (${check.uuid})`);
  print(`  schedule:     ${values.schedule} (${values.tz}), grace ${check.grace} s`);
  print(`  integrations: ${assigned.map((channel) => `${channel.name} (${channel.kind})`).join(", ") || "none"}`);
  print(`  ping URL:     ${check.ping_url}`);
}

runIfScript(import.meta.url, main);
