/**
 * Runs autocannon in a child process (so the load generator and the server
 * under test do not share an event loop) and returns its JSON result.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

/** The parts of autocannon's JSON result the benchmarks read. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

/** Runs `autocannon -j -n` with `args` (options, then the URL). */
export function autocannon(args: string[]): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [autocannonBin, "-j", "-n", ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      resolve(JSON.parse(output) as AutocannonResult);
    });
  });
}
