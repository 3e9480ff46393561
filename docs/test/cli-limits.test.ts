/**
 * The "Limits" section of the CLI reference states the defaults the fake
 * applies.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { LINGER_MS } from "../../packages/fake-server/src/adapters/node-body.js";

const reference = readFileSync(new URL("../cli.md", import.meta.url), "utf8");
const start = reference.indexOf("## Limits");
const limits = reference.slice(start, reference.indexOf("\n## ", start + 1));

it("states the default of every limit", () => {
  const options = new FakeServer().options;
  expect(limits).toContain(`\`apiBodyLimit\`: ${options.apiBodyLimit} bytes`);
  expect(limits).toContain(`\`pingBodyLimit\`: ${options.pingBodyLimit} bytes`);
  expect(limits).toContain(`\`journalLimit\`: ${options.journalLimit} entries`);
  expect(limits).toContain(`\`journalByteLimit\`: ${options.journalByteLimit} bytes`);
  expect(limits).toContain(`\`journalExcerpt\`: ${options.journalExcerpt} characters`);
  expect(limits).toContain(`for at most\n${LINGER_MS / 1000} seconds`);
});
