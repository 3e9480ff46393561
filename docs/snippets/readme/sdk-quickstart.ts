import { ChecksClient } from "@checks-api/sdk";

// The key from CHECKS_API_KEY, the service from CHECKS_API_URL (healthchecks.io when unset).
const client = new ChecksClient();

const check = await client.checks.create({ name: "Nightly backups", tags: "prod", schedule: "0 3 * * *", tz: "UTC", grace: 3600 });
await client.monitor(check.uuid, async () => {
  // … the job: start is sent before, success (or fail, if this throws) after
});
for (const { name, status } of await client.checks.list({ tag: "prod" })) console.log(name, status);
