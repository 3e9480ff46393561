import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { listen, type RunningServer } from "../src/adapters/node-http.js";
import { incomingHandlerOf, registerIncomingHandler, type Incoming } from "../src/http/incoming.js";
import { rawExchange, type Part } from "./intake-helpers.js";

const API_LIMIT = 4096;
const PING_LIMIT = 512;
const EXCERPT = 256;
const MIB = 1024 * 1024;

const fake = new FakeServer({
  apiBodyLimit: API_LIMIT,
  pingBodyLimit: PING_LIMIT,
  journalExcerpt: EXCERPT,
  clock: { start: "2020-01-01T00:00:00Z" },
});
const project = fake.createProject();
const uuid = fake.createCheck(project.id, { name: "target" }).ping_url.split("/").at(-1) as string;
const key = project.readWriteKey as string;

// The fake behind the adapter, with every body read checked against its cap.
let largestOverCap = 0;
const watched = {
  options: fake.options,
  handle: (request: Request) => fake.handle(request),
};
const inner = incomingHandlerOf(fake)!;
registerIncomingHandler(watched, (incoming: Incoming) => {
  const read = incoming.body.bind(incoming);
  const body: Incoming["body"] = async (cap, overflow) => {
    const result = await read(cap, overflow);
    if (cap !== null) largestOverCap = Math.max(largestOverCap, result.bytes.byteLength - cap);
    return result;
  };
  return inner({
    method: incoming.method,
    pathname: incoming.pathname,
    search: incoming.search,
    header: (name) => incoming.header(name),
    hasBody: incoming.hasBody,
    body,
    peer: incoming.peer,
    gone: () => incoming.gone(),
  });
});

let server: RunningServer;
beforeAll(async () => {
  server = await listen(watched);
});
afterAll(() => server.close());

const PATHS: [string, string][] = [
  ["POST", "/api/v3/checks/"],
  ["POST", "/api/v3/checks/{uuid}"],
  ["POST", "/ping/{uuid}"],
  ["PUT", "/ping/{uuid}/fail"],
  ["POST", "/ping/{uuid}/log"],
  ["POST", "/ping/00000000-0000-4000-8000-000000000000"],
  ["POST", "/nothing/here"],
  ["GET", "/api/v3/checks/"],
  ["POST", "/__fake/projects"],
];

const ENCODINGS = ["length", "chunked", "continue", "gzip-label", "short"] as const;

const exchange = fc.record({
  target: fc.constantFrom(...PATHS),
  size: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 3 * API_LIMIT }) },
    { weight: 1, arbitrary: fc.integer({ min: MIB, max: 16 * MIB }) },
  ),
  content: fc.constantFrom("json", "bytes", "text"),
  seed: fc.integer({ min: 1, max: 255 }),
  encoding: fc.constantFrom(...ENCODINGS),
  parts: fc.integer({ min: 1, max: 8 }),
  delayMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 15 })),
  cut: fc.boolean(),
});

type Exchange = typeof exchange extends fc.Arbitrary<infer T> ? T : never;

function bodyOf(e: Exchange): Buffer {
  if (e.content === "json") {
    const json = Buffer.from(`{"name": "p", "desc": "${"q".repeat(Math.max(0, e.size - 25))}"}`);
    return json.subarray(0, e.size);
  }
  const bytes = Buffer.alloc(e.size);
  for (let i = 0; i < bytes.length; i++) bytes[i] = e.content === "text" ? 0x20 + ((i * e.seed) % 95) : (i * e.seed) & 0xff;
  return bytes;
}

function split(body: Buffer, count: number, delayMs: number, chunked: boolean): Part[] {
  const size = Math.max(1, Math.ceil(body.length / count));
  const parts: Part[] = [];
  for (let at = 0; at < body.length; at += size) {
    const piece = body.subarray(at, at + size);
    const bytes = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]) : piece;
    parts.push({ bytes, delayMs });
  }
  if (chunked) parts.push({ bytes: Buffer.from("0\r\n\r\n") });
  return parts;
}

async function send(e: Exchange) {
  const [method, path] = e.target;
  const body = bodyOf(e);
  const headers = [`${method} ${path.replace("{uuid}", uuid)} HTTP/1.1`, "Host: 127.0.0.1", `X-Api-Key: ${key}`];
  const chunked = e.encoding === "chunked";
  if (chunked) headers.push("Transfer-Encoding: chunked");
  else headers.push(`Content-Length: ${e.encoding === "short" ? body.length + 10 : body.length}`);
  if (e.encoding === "continue") headers.push("Expect: 100-continue");
  if (e.encoding === "gzip-label") headers.push("Content-Encoding: gzip");
  let parts = split(body, e.parts, e.delayMs, chunked);
  if (e.cut) parts = parts.slice(0, Math.ceil(parts.length / 2));
  const result = await rawExchange(server.port, { head: headers.join("\r\n"), parts, cut: e.cut || e.encoding === "short" });
  return { result, complete: !e.cut && e.encoding !== "short" };
}

describe("node:http under random body sizes, encodings, slow and cut-off bodies", () => {
  it("never answers 5xx, never dies, and hands the fake no more than a cap's worth", async () => {
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    await fc.assert(
      fc.asyncProperty(fc.array(exchange, { minLength: 1, maxLength: 3 }), async (exchanges) => {
        for (const e of exchanges) {
          const { result, complete } = await send(e);
          peakRss = Math.max(peakRss, process.memoryUsage().rss);
          if (result.status !== null) expect(result.status).toBeLessThan(500);
          if (complete) {
            expect(result.error === undefined || result.status !== null).toBe(true);
            expect(result.status).not.toBeNull();
          }
        }
        const alive = await fetch(`${server.url}/api/v3/status/`);
        expect(alive.status).toBe(200);
      }),
      { numRuns: 40 },
    );
    expect(largestOverCap).toBeLessThanOrEqual(0);
    // 16 MiB bodies were sent; holding one whole would show.
    expect(peakRss - rssBefore).toBeLessThan(160 * MIB);
    for (const entry of fake.journal()) {
      if (typeof entry.body === "string") expect(entry.body.length).toBeLessThanOrEqual(EXCERPT);
    }
    for (const check of fake.exportState().checks) {
      for (const ping of check.pings) expect(Buffer.from(ping.body ?? "", "base64").byteLength).toBeLessThanOrEqual(PING_LIMIT);
    }
  });
});
