import { PingClient } from "@checks-api/sdk";

// No API key: a ping is addressed by the check's UUID, or by the project's ping key and a slug.
// The ping endpoint from CHECKS_PING_ENDPOINT, else {CHECKS_API_URL}/ping/.
const pings = new PingClient();

const backups = pings.ping(process.env.CHECK_UUID!);
await backups.start(); // the run's duration is measured from here
await backups.success({ body: "backed up 1234 files" }); // the body is kept in the ping log
await backups.log({ body: "disk usage 71%" }); // an entry without a status change
await backups.fail({ body: "pg_dump: connection refused" });
await backups.exitStatus(0); // 0 is success, 1–255 failure

// By slug; `create: true` creates the check on its first ping (auto-provisioning).
const report = pings.ping({ pingKey: process.env.CHECKS_PING_KEY!, slug: "weekly-report", create: true });
const result = await report.success();
if (!result.ok) console.warn(`ping not recorded: ${result.outcome}`); // "not-found", "ambiguous", …: results, not exceptions
console.log(result.outcome, result.status, pings.pingBodyLimit); // e.g. "created" 201 10000
