import { ChecksClient } from "@checks-api/sdk";

const client = new ChecksClient({ apiKey: process.env.CHECKS_API_KEY ?? "" });
for (const check of await client.checks.list({ tag: "prod" })) {
  console.log(check.name, check.status);
}
