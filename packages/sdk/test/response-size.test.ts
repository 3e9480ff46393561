import { once } from "node:events";
import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fetchEntry from "../src/fetch.js";
import { DEFAULT_TRANSPORTS, serve } from "./http-server.js";
import { failure, RW_KEY, stubTransport, UUID } from "./helpers.js";

const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");

/** Writes chunks as fast as the client reads them, until the connection closes; resolves then. */
function endless(res: ServerResponse): Promise<void> {
  const closed = once(res, "close").then(() => undefined);
  let open = true;
  void closed.then(() => (open = false));
  const pump = () => {
    while (open && res.write(CHUNK));
    if (open) res.once("drain", pump);
  };
  res.writeHead(200, { "content-type": "application/json" });
  pump();
  return closed;
}

describe.each(DEFAULT_TRANSPORTS)("response size cap through $name", ({ sdk }) => {
  let server: Awaited<ReturnType<typeof serve>>;
  let answer: (res: ServerResponse, acceptsGzip: boolean) => void = () => undefined;
  let closes: Array<Promise<void>> = [];
  beforeAll(async () => {
    server = await serve((req, res) => answer(res, /gzip/.test(req.headers["accept-encoding"] ?? "")));
  });
  afterAll(() => server.close());

  const client = (options: fetchEntry.ClientOptions = {}) =>
    new sdk.ChecksClient({ apiKey: RW_KEY, baseUrl: server.url, retry: { initialDelayMs: 1 }, ...options });

  it("stops reading an endless body at maxResponseBytes, closes the connection, and does not retry", async () => {
    closes = [];
    answer = (res) => closes.push(endless(res));
    const before = server.seen.length;
    const error = await failure<fetchEntry.ResponseTooLargeError>(client({ maxResponseBytes: MiB }).checks.list());
    expect(error).toBeInstanceOf(sdk.ResponseTooLargeError);
    expect(error).toBeInstanceOf(sdk.InvalidResponseError);
    expect(error).toMatchObject({ status: 200, maxResponseBytes: MiB });
    expect(error.message).toBe(`200 response body larger than maxResponseBytes, ${MiB} bytes (GET /api/v3/checks/)`);
    await Promise.all(closes); // the server saw the connection end
    expect(server.seen.length - before).toBe(1);
  });

  it("refuses at once a body whose Content-Length is over the default cap of 64 MiB", async () => {
    expect(sdk.DEFAULT_MAX_RESPONSE_BYTES).toBe(64 * MiB);
    answer = (res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(64 * MiB + 1) });
      res.write("["); // and nothing more: waiting for the rest would end in a timeout
    };
    const error = await failure(client({ timeout: 20_000 }).checks.list());
    expect(error).toBeInstanceOf(sdk.ResponseTooLargeError);
    expect(error).toMatchObject({ maxResponseBytes: 64 * MiB });
  });

  it("takes a per-call maxResponseBytes over the client's, a body of exactly the cap passing", async () => {
    const body = JSON.stringify({ channels: [] }); // 15 bytes
    answer = (res) => res.writeHead(200, { "content-type": "application/json" }).end(body);
    const small = client({ maxResponseBytes: 10 });
    expect(await small.channels.list({ maxResponseBytes: body.length })).toEqual([]);
    await expect(small.channels.list()).rejects.toBeInstanceOf(sdk.ResponseTooLargeError);
    await expect(client().channels.list({ maxResponseBytes: body.length - 1 })).rejects.toMatchObject({
      maxResponseBytes: body.length - 1,
    });
  });

  it("counts the bytes of an error answer and of a ping's answer too; monitor() hands the error to onPingError", async () => {
    answer = (res) => res.writeHead(500, { "content-type": "text/html" }).end("<p>oops</p>".repeat(100));
    const error = await failure(client({ maxResponseBytes: 100, maxRetries: 0 }).checks.list());
    expect(error).toBeInstanceOf(sdk.ResponseTooLargeError);
    expect(error).toMatchObject({ status: 500 });
    answer = (res) => res.writeHead(200).end("OK".repeat(100));
    const pings = new sdk.PingClient({ baseUrl: server.url, maxResponseBytes: 100 });
    await expect(pings.ping(UUID).success()).rejects.toBeInstanceOf(sdk.ResponseTooLargeError);
    const seen: unknown[] = [];
    expect(await pings.monitor(UUID, () => "ran", { onPingError: (e) => seen.push(e) })).toBe("ran");
    expect(seen.map((e) => e instanceof sdk.ResponseTooLargeError)).toEqual([true, true]);
  });

  it("counts decoded bytes, so a small compressed body cannot expand past the cap", async () => {
    const bomb = gzipSync(Buffer.alloc(4 * MiB, " "));
    answer = (res, acceptsGzip) => {
      const headers = { "content-type": "application/json", ...(acceptsGzip ? { "content-encoding": "gzip" } : {}) };
      res.writeHead(200, headers).end(acceptsGzip ? bomb : Buffer.alloc(4 * MiB, " "));
    };
    await expect(client({ maxResponseBytes: MiB }).checks.list()).rejects.toBeInstanceOf(sdk.ResponseTooLargeError);
  });

  it("refuses a maxResponseBytes that is not a positive integer, like the other numeric options", async () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "1000"]) {
      expect(() => client({ maxResponseBytes: bad as number }), String(bad)).toThrow(
        new RangeError("maxResponseBytes must be a positive integer number of bytes"),
      );
      await expect(client().checks.list({}, { maxResponseBytes: bad as number })).rejects.toBeInstanceOf(RangeError);
    }
  });
});

describe("a transport of your own", () => {
  it("is held to maxResponseBytes after it answered", async () => {
    const stub = stubTransport(() => ({ status: 201, body: { uuid: UUID, padding: "x".repeat(200) } }));
    const client = new fetchEntry.ChecksClient({ apiKey: RW_KEY, baseUrl: "https://checks.example", transport: stub.transport, maxResponseBytes: 100 });
    const error = await failure(client.checks.create({ name: "x" }));
    expect(error).toBeInstanceOf(fetchEntry.ResponseTooLargeError);
    // The service answered a create: it may well have made the check.
    expect(error).toMatchObject({ status: 201, possiblyApplied: true });
    expect(stub.requests).toHaveLength(1);
  });
});
