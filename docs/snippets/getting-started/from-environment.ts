import { ChecksClient, createClient, PingClient } from "@checks-api/sdk";

// With CHECKS_API_KEY, CHECKS_API_URL (and CHECKS_PING_ENDPOINT) in the environment, no option is needed:
const client = new ChecksClient();
const pings = new PingClient(); // pings need no key: CHECKS_PING_ENDPOINT, else {CHECKS_API_URL}/ping/
const either = createClient(); // the class for the kind of key in CHECKS_API_KEY

// An explicit option wins over its variable.
const staging = new ChecksClient({ baseUrl: "https://staging.checks.example.com" });

console.log(`talking to ${process.env.CHECKS_API_URL ?? "healthchecks.io"}`);
console.log(await client.checks.list(), await pings.ping(process.env.CHECK_UUID!).success());
console.log(await either.badges.list(), await staging.channels.list());
