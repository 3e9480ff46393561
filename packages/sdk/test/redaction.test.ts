import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  CheckLimitError,
  ChecksApiError,
  ChecksClient,
  ConflictError,
  ConnectionError,
  ForbiddenError,
  InvalidResponseError,
  NotFoundError,
  PingClient,
  RateLimitError,
  RedirectError,
  ServerError,
  TimeoutError,
  type DebugEvent,
} from "../src/index.js";
import { Redactor } from "../src/core/redact.js";
import type { Transport } from "../src/transport/types.js";
import { BASE, json, RW_KEY, socketError, stubTransport, UUID, type StubReply } from "./helpers.js";

const PING_KEY = "pk_secret-Key_123456789";
const SECRETS = [RW_KEY, UUID, PING_KEY];
// A hostile server echoing every secret it saw back in its answers.
const echo = `${RW_KEY} ${UUID} ${BASE}/ping/${PING_KEY}/backup ${BASE}/ping/${UUID}`;

function expectNoSecret(text: string) {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

const hanging: Transport = (request) =>
  new Promise((_resolve, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));

type Case = [string, typeof ChecksApiError, StubReply | Error | "hang", (c: ChecksClient) => Promise<unknown>];
const get = (c: ChecksClient) => c.checks.get(UUID);
const cases: Case[] = [
  ["BadRequestError", BadRequestError, json({ error: `invalid channel identifier: ${echo}` }, 400), (c) => c.checks.update(UUID, { channels: "x" })],
  ["AuthenticationError", AuthenticationError, json({ error: echo }, 401), get],
  ["ForbiddenError", ForbiddenError, { status: 403, body: echo }, get],
  ["CheckLimitError", CheckLimitError, { status: 403, body: echo }, (c) => c.checks.create({})],
  ["NotFoundError", NotFoundError, { status: 404, body: `<p>${echo}</p>` }, (c) => c.pings.body(UUID, 3)],
  ["ConflictError", ConflictError, { status: 409, body: echo }, (c) => c.checks.resume(UUID)],
  ["RateLimitError", RateLimitError, { status: 429, headers: { "retry-after": "1" }, body: echo }, (c) => c.flips.list(UUID)],
  ["ServerError", ServerError, { status: 500, body: echo }, (c) => c.checks.delete(UUID)],
  ["TimeoutError", TimeoutError, "hang", (c) => c.checks.pause(UUID)],
  ["ConnectionError", ConnectionError, Object.assign(socketError("ECONNRESET"), { message: echo }), get],
  ["InvalidResponseError", InvalidResponseError, json({ uuid: UUID, name: echo }), get],
  ["RedirectError", RedirectError, { status: 302, headers: { location: `${BASE}/ping/${PING_KEY}/backup?u=${UUID}&k=${RW_KEY}` }, body: echo }, get],
];

describe("no secret in messages, bodies, inspection or debug output", () => {
  it.each(cases)("%s", async (_name, ErrorClass, reply, call) => {
    const events: DebugEvent[] = [];
    const stub = stubTransport(() => (reply === "hang" ? { status: 200 } : reply));
    const client = new ChecksClient({
      apiKey: RW_KEY,
      baseUrl: BASE,
      transport: reply === "hang" ? hanging : stub.transport,
      timeout: 10,
      maxRetries: 0,
      debug: (event) => events.push(event),
    });
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expectNoSecret((error as Error).message);
    expectNoSecret(inspect(error, { depth: 5 }));
    expectNoSecret(JSON.stringify(error));
    expectNoSecret(JSON.stringify(events));
    expect(events.length).toBeGreaterThan(0);
  });

  it("masks input rejected before sending (BadRequestError without a request)", async () => {
    const client = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: stubTransport(() => ({})).transport });
    const error = await client.checks.update(UUID, { timeout: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expectNoSecret(inspect(error));
  });

  it("masks the ping key and UUID of ping URLs in debug events and errors", async () => {
    const events: DebugEvent[] = [];
    const pings = new PingClient({
      baseUrl: BASE,
      transport: stubTransport(() => ({ status: 400, body: "invalid url format" })).transport,
      debug: (event) => events.push(event),
    });
    const bySlug = await pings.ping({ pingKey: PING_KEY, slug: "backup" }).success().catch((e: unknown) => e);
    const byUuid = await pings.ping(UUID).fail().catch((e: unknown) => e);
    for (const error of [bySlug, byUuid]) {
      expect(error).toBeInstanceOf(BadRequestError);
      expectNoSecret(inspect(error));
    }
    expectNoSecret(JSON.stringify(events));
    expect(JSON.stringify(events)).toContain("/ping/********");
  });

  it("masks the API key header in debug events", async () => {
    const events: DebugEvent[] = [];
    const client = new ChecksClient({
      apiKey: RW_KEY,
      baseUrl: BASE,
      transport: stubTransport(() => json({ checks: [] })).transport,
      debug: (event) => events.push(event),
    });
    await client.checks.list();
    const request = events.find((e) => e.type === "request");
    expect(request?.type === "request" && request.headers["x-api-key"]).toBe("hcw_********");
  });

  it("Redactor masks UUIDs in check and ping paths while keeping a hint", () => {
    const redactor = new Redactor([]);
    expect(redactor.text(`/api/v3/checks/${UUID}/pause`)).toBe("/api/v3/checks/********-****-****-****-********7f79/pause");
    expect(redactor.text(`/ping/${PING_KEY}/backup`)).toBe("/ping/********/backup");
  });

  it("Redactor finds a secret in any case, percent-encoded and without its prefix", () => {
    const redactor = new Redactor([RW_KEY, PING_KEY]);
    const forms = [
      RW_KEY.toUpperCase(),
      RW_KEY.slice(4),
      RW_KEY.replace("_", "%5F"),
      RW_KEY.replace("_", "%5f").replace("a", "%61"),
      PING_KEY.toLowerCase(),
      PING_KEY.replaceAll("_", "%5F").replaceAll("-", "%2D"),
      UUID.toUpperCase(),
      UUID.replaceAll("-", "%2d"),
    ];
    const masked = redactor.text(forms.join(" | "));
    for (const form of forms) expect(masked).not.toContain(form);
    expect(masked).not.toMatch(/abcdefghijklmnop/i);
    expect(masked).toContain("HCW_********");
    expect(masked).toContain("********-****-****-****-********7F79");
  });

  it("masks a key it was never given when it is shaped like an API key", () => {
    const other = `hcr_${"Zq9".repeat(9)}x`;
    expect(new Redactor([]).text(`key=${other}, encoded hcw%5F${"a".repeat(28)}`)).toBe("key=hcr_********, encoded hcw%5F********");
  });

  it("keeps the echoed forms of the key and ping key out of a 401's message, body and JSON", async () => {
    const echoed = `wrong key ${RW_KEY.replace("_", "%5F")} ${RW_KEY.toUpperCase()} ${RW_KEY.slice(4)} for /ping/${PING_KEY}/backup and ${PING_KEY.toUpperCase()}`;
    const client = new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: stubTransport(() => json({ error: echoed }, 401)).transport, maxRetries: 0 });
    const error = await client.ping({ pingKey: PING_KEY, slug: "backup" }).success().catch(() => client.checks.list().catch((e: unknown) => e));
    expect(error).toBeInstanceOf(AuthenticationError);
    for (const text of [(error as Error).message, inspect(error, { depth: 5 }), JSON.stringify(error)]) {
      expect(text).not.toMatch(/abcdefghijklmnopqrstuvwxyz12/i);
    }
    const pingError = await new PingClient({ baseUrl: BASE, transport: stubTransport(() => json({ error: echoed }, 401)).transport, maxRetries: 0 })
      .ping({ pingKey: PING_KEY, slug: "backup" })
      .success()
      .catch((e: unknown) => e);
    for (const text of [(pingError as Error).message, inspect(pingError, { depth: 5 }), JSON.stringify(pingError)]) {
      // It was never given the API key: the forms with a prefix are masked by their shape.
      expect(text).not.toMatch(/secret-Key_123456789|hcw(_|%5F)abcdefghijklmnopqrstuvwxyz12/i);
    }
  });

  it("keeps an API key a ping answer echoes out of a PingClient ServerError's JSON and inspection", async () => {
    const pings = new PingClient({ baseUrl: BASE, transport: stubTransport(() => ({ status: 500, body: `crashed on X-Api-Key: ${RW_KEY}` })).transport, maxRetries: 0 });
    const error = await pings.ping(UUID).success().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    for (const text of [(error as Error).message, inspect(error, { depth: 5 }), JSON.stringify(error)]) expect(text).not.toContain(RW_KEY);
    expect(JSON.stringify(error)).toContain("hcw_********");
  });
});
