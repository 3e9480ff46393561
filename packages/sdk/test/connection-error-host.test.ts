/**
 * A connection error names the host and port it tried, with either
 * transport, so that a wrong base URL (or CHECKS_API_URL) shows at once;
 * the key is never in it.
 */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ChecksClient, ConnectionError } from "../src/index.js";
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
