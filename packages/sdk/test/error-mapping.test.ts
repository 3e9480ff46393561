import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  CheckLimitError,
  ChecksApiError,
  ChecksClient,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ServerError,
} from "../src/index.js";
import { BASE, failure, json, RW_KEY, stubTransport, UUID, type StubReply } from "./helpers.js";

function clientAnswering(reply: StubReply) {
  const stub = stubTransport(() => reply);
  return new ChecksClient({ apiKey: RW_KEY, baseUrl: BASE, transport: stub.transport, maxRetries: 0 });
}

const html404 = { status: 404, headers: { "content-type": "text/html; charset=utf-8" }, body: "<!doctype html><h1>Not Found</h1>" };

describe("error classes by status and body", () => {
  it.each([
    ["live 400 JSON", json({ error: "json validation error: timeout is too small" }, 400), BadRequestError, "json validation error: timeout is too small"],
    ["live 401 JSON", json({ error: "wrong api key" }, 401), AuthenticationError, "wrong api key"],
    ["live 403 empty", { status: 403, headers: { "content-type": "text/html; charset=utf-8" }, body: "" }, ForbiddenError, undefined],
    ["seed 403 JSON", json({ error: "access denied" }, 403), ForbiddenError, "access denied"],
    ["live 404 HTML page", html404, NotFoundError, undefined],
    ["seed 404 JSON", json({ error: "not found" }, 404), NotFoundError, "not found"],
    ["live 409 text", { status: 409, headers: { "content-type": "text/html; charset=utf-8" }, body: "check is not paused" }, ConflictError, "check is not paused"],
    ["proxy 502 HTML", { status: 502, headers: { "content-type": "text/html" }, body: "<html><body>Bad Gateway</body></html>" }, ServerError, undefined],
    ["503 empty", { status: 503, body: "" }, ServerError, undefined],
    ["405 empty", { status: 405, body: "" }, ChecksApiError, undefined],
  ] as const)("%s", async (_name, reply, ErrorClass, errorText) => {
    const error = await clientAnswering(reply).checks.get(UUID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ChecksApiError);
    const apiError = error as ChecksApiError;
    expect(apiError.status).toBe(reply.status);
    expect(apiError.method).toBe("GET");
    expect(apiError.errorText).toBe(errorText);
    expect(apiError.path).toMatch(/^\/api\/v3\/checks\//);
    expect(apiError.message).toContain(String(reply.status));
  });

  it("does not parse a JSON-looking body sent as text/html", async () => {
    const error = await failure(
      clientAnswering({ status: 400, headers: { "content-type": "text/html" }, body: '{"error": "x"}' }).checks.get(UUID),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.errorText).toBe('{"error": "x"}');
  });

  it("tells the check limit apart from other 403s on create", async () => {
    const forbidden = { status: 403, body: "" };
    const created = await clientAnswering(forbidden).checks.create({ name: "x" }).catch((e: unknown) => e);
    expect(created).toBeInstanceOf(CheckLimitError);
    expect(created).toBeInstanceOf(ForbiddenError);
    const updated = await clientAnswering(forbidden).checks.update(UUID, { name: "x" }).catch((e: unknown) => e);
    expect(updated).toBeInstanceOf(ForbiddenError);
    expect(updated).not.toBeInstanceOf(CheckLimitError);
  });

  it("reads Retry-After into RateLimitError.retryAfter, in seconds", async () => {
    const error = await clientAnswering({ status: 429, headers: { "retry-after": "7" }, body: "" })
      .checks.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(7);
  });

  it("keeps the raw body on the error", async () => {
    const error = await failure(clientAnswering(json({ error: "wrong api key" }, 401)).checks.list());
    expect(JSON.parse(error.body ?? "")).toEqual({ error: "wrong api key" });
    expect(error.name).toBe("AuthenticationError");
  });
});
