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
});
