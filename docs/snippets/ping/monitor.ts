import { execFileSync } from "node:child_process";
import { PingClient } from "@checks-api/sdk";

const pings = new PingClient({ baseUrl: "https://healthchecks.example.com" });
const target = { pingKey: process.env.CHECKS_PING_KEY!, slug: "nightly-backups" };

// start → job → success; if the job throws: fail with the error text as body, and the error is rethrown.
const files = await pings.monitor(
  target,
  async ({ rid }) => {
    const output = execFileSync("./backup.sh", { encoding: "utf8" });
    await pings.ping(target).log({ rid, body: output }); // the same run id ties the entries together
    return output.split("\n").length;
  },
  { onPingError: (error, signal) => console.warn(`could not send the ${signal} signal`, error) },
);

// A job that returns a number reports it as its exit status (0 success, 1–255 failure).
const status = await pings.monitor(target, () => {
  try {
    execFileSync("./cleanup.sh");
    return 0;
  } catch (error) {
    return (error as { status?: number }).status ?? 1;
  }
});
console.log(files, status);
