import { spawn } from "node:child_process";
import { once } from "node:events";
import { PingClient } from "@checks-api/sdk";

const pings = new PingClient(); // CHECKS_PING_ENDPOINT, else {CHECKS_API_URL}/ping/
const target = { pingKey: process.env.CHECKS_PING_KEY!, slug: "nightly-backups" };

// start → job → success; if the job throws: fail with the log and the error text as body, and the error is rethrown.
const files = await pings.monitor(
  target,
  async (run) => {
    run.log("backup started"); // the tail of the run's log is the body of the finish signal
    const child = spawn("./backup.sh");
    const output = run.capture(child.stdout); // a child's output goes into the log as it comes
    const [code] = (await once(child, "close")) as [number | null];
    await output;
    run.exitStatus(code ?? 1); // sent instead of success: 0 success, 1–255 failure
    return 1234; // what the job returns is monitor()'s result, never an exit status
  },
  { onPingError: (error, signal) => console.warn(`the ${signal} signal was not recorded`, error) },
);
console.log(files);
