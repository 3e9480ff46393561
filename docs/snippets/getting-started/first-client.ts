import { ChecksClient } from "@checks-api/sdk";

// The key from CHECKS_API_KEY, the service from CHECKS_API_URL (healthchecks.io when unset).
const client = new ChecksClient();

// Create a check for a job that runs every day at 03:00 in Riga, with an hour of grace.
const check = await client.checks.create({
  name: "Nightly backups",
  slug: "nightly-backups",
  tags: "prod db",
  schedule: "0 3 * * *",
  tz: "Europe/Riga",
  grace: 3600,
  channels: "*", // notify every integration of the project
});
console.log(`created ${check.name}: ping ${check.ping_url} when the job succeeds`);

// Every check a read-write client returns has its `uuid`, also from services whose answers lack it.
await client.ping(check.uuid).success();

// List the checks of the project, optionally filtered by tags (all must match) or slug.
for (const { name, status, last_ping } of await client.checks.list({ tag: ["prod", "db"] })) {
  console.log(`${name}: ${status}, last ping ${last_ping ?? "never"}`);
}

// Change some members; the others keep their values.
await client.checks.update(check.uuid, { desc: "pg_dump of the main database", grace: 7200 });

// Create or update, for a CI job: `unique` names the members that find the existing check (here its slug).
// The answer is `{ check, created }`: that check updated (`created: false`), or a new one (`created: true`).
const first = await client.checks.upsert({ name: "Weekly report", slug: "weekly-report", unique: ["slug"] });
const again = await client.checks.upsert({ name: "Weekly report", slug: "weekly-report", grace: 7200, unique: ["slug"] });
console.log(first.created, again.created, again.check.uuid === first.check.uuid); // true false true
