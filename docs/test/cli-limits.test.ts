/**
 * The "Limits" section of the CLI reference states the defaults the fake
 * applies.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { WEBHOOK_TEXT_MAX_LENGTH } from "@checks-api/schema";
import { LINGER_MS } from "../../packages/fake-server/src/adapters/node-body.js";
import { CHANNEL_VALUE_MAX_LENGTH } from "../../packages/fake-server/src/model/notify/limits.js";
import { ANSWER_EXCERPT_BYTES } from "../../packages/fake-server/src/transport/transport.js";
import { QUEUE_FULL_ERROR } from "../../packages/fake-server/src/notify/processor.js";

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
  expect(limits).toContain(`\`notifications.outboxLimit\`: ${options.notifications.outboxLimit} records`);
  expect(limits).toContain(`\`notifications.outboxByteLimit\`: ${options.notifications.outboxByteLimit} bytes`);
  expect(limits).toContain(`\`notifications.queueLimit\`: ${options.notifications.queueLimit} deliveries`);
  expect(limits).toContain(`\`notifications.queueByteLimit\`: ${options.notifications.queueByteLimit} bytes`);
  expect(limits).toContain(QUEUE_FULL_ERROR);
  expect(limits).toContain(`| ${CHANNEL_VALUE_MAX_LENGTH} characters; a webhook's URLs, bodies, header names and values ${WEBHOOK_TEXT_MAX_LENGTH} each`);
  expect(limits).toContain(`its first ${ANSWER_EXCERPT_BYTES} bytes are kept`);
});
