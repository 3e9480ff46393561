/**
 * A connection error names the host and port it tried, with either
 * transport, so that a wrong base URL (or CHECKS_API_URL) shows at once;
 * the key is never in it. Its `cause` is what the transport threw, with the
 * runtime's own error below it, secrets masked along the chain.
 */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ChecksClient, ConnectionError } from "../src/index.js";
import { stubTransport, UUID } from "./helpers.js";
import { ChecksClient as FetchChecksClient } from "../src/fetch.js";

const KEY = "hcw_0123456789abcdefghijklmnopqr";

/** A loopback port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("ConnectionError", () => {
  it.each([
    ["undici", ChecksClient],
    ["fetch", FetchChecksClient],
  ])("names the host and port it tried (%s)", async (_, Client) => {
    const port = await closedPort();
    const client = new Client({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
    const error = await client.checks.list().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).host).toBe(`127.0.0.1:${port}`);
    expect((error as Error).message).toContain(`connection to 127.0.0.1:${port} failed`);
    expect((error as Error).message).not.toContain(KEY);
  });

  it("names the scheme's port when the URL has none", () => {
    const error = new ConnectionError({ method: "GET", path: "/api/v3/checks/", requestSent: false, code: "ENOTFOUND", host: "healthchecks.io:443" });
    expect(error.message).toBe("connection to healthchecks.io:443 failed (ENOTFOUND) (GET /api/v3/checks/)");
  });
});

/** The name and message of each error along an error's `cause` chain. */
function causes(error: unknown): string[] {
  const out: string[] = [];
  for (let cause = (error as Error).cause; cause instanceof Error; cause = cause.cause) out.push(`${cause.name}: ${cause.message}`);
  return out;
}

describe("a ConnectionError's cause", () => {
  it.each([
    ["undici", ChecksClient],
    ["fetch", FetchChecksClient],
  ])("is what the transport threw, with the runtime's error below it (%s)", async (_, Client) => {
    const port = await closedPort();
    const error = await new Client({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 }).checks.get(UUID).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ConnectionError", code: "ECONNREFUSED", requestSent: false });
    expect(Object.keys(error as object)).not.toContain("cause");
    const chain = causes(error);
    expect(chain[0]).toBe("TransportFailure: connection not established");
    expect(chain.join("\n")).toContain("ECONNREFUSED");
    expect(chain.join("\n")).not.toContain(UUID);
  });

  it("keeps no secret in its cause: a runtime's message quoting the URL is masked along the chain, code and name kept", async () => {
    const slugUrl = "http://checks.test/ping/pingkey1234567890abcd/backups";
    const quoting = new TypeError(`error sending request for url (http://checks.test/ping/${UUID}) and ${slugUrl}`, {
      cause: Object.assign(new Error(`tcp connect to ${KEY} failed`), { code: "ECONNRESET" }),
    });
    const stub = stubTransport(() => quoting);
    const client = new ChecksClient({ apiKey: KEY, baseUrl: "http://checks.test", transport: stub.transport, maxRetries: 0 });
    const error = (await client.checks.get(UUID).catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    const chain = causes(error);
    // A transport of the caller's own: its error is the cause.
    expect(chain).toHaveLength(2);
    expect(chain[0]).toMatch(/^TypeError: error sending request for url \(http:\/\/checks\.test\/ping\/\*{8}-\*{4}-\*{4}-\*{4}-\*{8}7f79\)/);
    expect(chain.join("\n")).not.toMatch(new RegExp(`${UUID}|${KEY}|pingkey1234567890abcd`));
    const deepest = (error.cause as Error).cause as Error & { code?: string };
    expect(deepest.code).toBe("ECONNRESET");
    expect(String(deepest.stack)).not.toContain(KEY);
  });

  it("keeps the runtime's error itself when it holds no secret", async () => {
    const plain = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    const stub = stubTransport(() => plain);
    const client = new ChecksClient({ apiKey: KEY, baseUrl: "http://checks.test", transport: stub.transport, maxRetries: 0 });
    const error = (await client.checks.get(UUID).catch((e: unknown) => e)) as ConnectionError;
    expect(error.cause).toBe(plain);
  });
});
