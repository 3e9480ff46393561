import { ChecksClient, NotFoundError } from "@checks-api/sdk";

const client = new ChecksClient({
  timeout: 10_000, // per attempt, in ms
  maxRetries: 4, // after the first attempt
  maxResponseBytes: 8 * 1024 * 1024, // a larger body is a ResponseTooLargeError (default 64 MiB)
  retry: { initialDelayMs: 250, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 },
  debug: (event) => {
    if (event.type === "retry") console.warn(`retrying ${event.operation} in ${event.delayMs} ms: ${event.reason}`);
  },
});

// Per call: a shorter timeout, no retries, and cancellation.
const controller = new AbortController();
setTimeout(() => controller.abort(), 5_000);
const checks = await client.checks.list({}, { timeout: 2_000, retries: 0, signal: controller.signal });

// The status and headers behind a result, and how many attempts it took.
const { data, response } = await client.checks.list().withResponse();
console.log(checks.length, data.length, response.status, response.attempts);

// Delete is not repeated after an attempt that may have reached the server, unless you allow it;
// then a 404 on the retry probably means the first attempt worked.
try {
  await client.checks.delete(process.env.CHECK_UUID!, { retryUnsafe: true });
} catch (error) {
  if (!(error instanceof NotFoundError && error.possiblyApplied)) throw error;
}
