// Runs every bench/*.bench.ts in sequence, each in its own Node process
// (with tsx for TypeScript and --expose-gc for memory figures), and prints
// their output as it comes. Exit status: non-zero when any benchmark failed.
// `node bench/run.mjs fake -- handle per-test`: arguments before `--` pick
// files by name, those after it are passed to each (the parts to run).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(benchDir);
const args = process.argv.slice(2);
const split = args.indexOf("--");
const only = split < 0 ? args : args.slice(0, split);
const forwarded = split < 0 ? [] : args.slice(split + 1);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`no benchmark matches ${only.join(", ") || "bench/*.bench.ts"}`);
  process.exit(1);
}

const failed = [];
for (const name of files) {
  const file = join(benchDir, name);
  console.log(`\n=== ${relative(root, file)} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", file, ...forwarded], { cwd: root, stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`--- ${name}: done in ${seconds} s`);
  else {
    failed.push(name);
    console.log(`--- ${name}: FAILED (exit ${result.status ?? result.signal}) after ${seconds} s`);
  }
}

if (failed.length > 0) {
  console.error(`\n${failed.length} benchmark(s) failed: ${failed.join(", ")}`);
  process.exit(1);
}
