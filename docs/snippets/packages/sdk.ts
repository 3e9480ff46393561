import { ChecksClient } from "@checks-api/sdk";

// With CHECKS_API_KEY (and CHECKS_API_URL for a self-hosted service) set, no option is needed.
const client = new ChecksClient();
console.log(`checks tagged prod on ${process.env.CHECKS_API_URL ?? "healthchecks.io"}:`);
for (const check of await client.checks.list({ tag: "prod" })) {
  console.log(check.name, check.status);
}
