/**
 * The Python suite in `examples/python/` passes, run exactly as the testing
 * guide says: the fake server as a separate process, driven over HTTP from
 * a language that is not JavaScript.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("CHECKS_"))),
  PYTHONDONTWRITEBYTECODE: "1", // no __pycache__ left in the work tree
};

it("runs the Python unittest suite against the CLI", { timeout: 60_000 }, async () => {
  const args = ["-m", "unittest", "discover", "-s", "examples/python", "-p", "*.py"];
  const { stderr } = await promisify(execFile)("python3", args, { cwd: root, env, timeout: 55_000 });
  // unittest reports on stderr; a failure rejects the promise above with that report.
  expect(stderr).toMatch(/^Ran 5 tests in .*\n\nOK\n$/m);
  // The server's own stderr stays out of the report.
  expect(stderr).not.toMatch(/SIGTERM|shutting down|Listening/);
});
