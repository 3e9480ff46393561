import { ChecksClient } from "../src/index.js";
import type { Transport, TransportRequest } from "../src/transport/types.js";

/** A read-write and a read-only key shaped like the service's. */
export const RW_KEY = "hcw_abcdefghijklmnopqrstuvwxyz12";
export const RO_KEY = "hcr_abcdefghijklmnopqrstuvwxyz12";
export const UUID = "7918b17b-a745-4db1-8575-9d2e07c97f79";
export const BASE = "http://checks.test";

/** A reply of the stub transport. */
export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | object;
}

/** A transport answering from `handler`, recording every request it saw. */
export function stubTransport(handler: (request: TransportRequest, index: number) => StubReply | Promise<StubReply> | Error) {
  const requests: TransportRequest[] = [];
  const transport: Transport = async (request) => {
    requests.push(request);
    const reply = await handler(request, requests.length - 1);
    if (reply instanceof Error) throw reply;
    const json = typeof reply.body === "object";
    const headers = new Headers(reply.headers ?? (json ? { "content-type": "application/json" } : {}));
    const text = typeof reply.body === "object" ? JSON.stringify(reply.body) : (reply.body ?? "");
    return { status: reply.status ?? 200, headers, body: new TextEncoder().encode(text) };
  };
  return { transport, requests };
}

/** A JSON reply. */
export const json = (body: unknown, status = 200): StubReply => ({ status, body: body as object });

/** An error like the ones undici throws for a socket problem. */
export function socketError(code: string): Error {
  return Object.assign(new Error(`socket: ${code}`), { code });
}

/** Retry settings that never wait and record the waits asked for. */
export function noWait() {
  const delays: number[] = [];
  return {
    delays,
    retry: {
      sleep: async (ms: number) => {
        delays.push(ms);
      },
    },
  };
}

/** A read-write check as the live service shows it. */
export function liveCheck(overrides: Record<string, unknown> = {}) {
  return {
    name: "backup", slug: "backup", tags: "prod", desc: "", grace: 3600, n_pings: 0, status: "new",
    started: false, last_ping: null, next_ping: null, manual_resume: false, methods: "", subject: "",
    subject_fail: "", start_kw: "", success_kw: "", failure_kw: "", filter_subject: false, filter_body: false,
    filter_http_body: false, filter_default_fail: false, badge_url: `${BASE}/b/2/x.svg`, uuid: UUID,
    ping_url: `${BASE}/ping/${UUID}`, update_url: `${BASE}/api/v3/checks/${UUID}`,
    pause_url: `${BASE}/api/v3/checks/${UUID}/pause`, resume_url: `${BASE}/api/v3/checks/${UUID}/resume`,
    channels: "", timeout: 86400, ...overrides,
  };
}

/** The error a call rejects with; fails the test when it resolves. */
export async function failure<E = import("../src/core/errors.js").ChecksApiError>(promise: PromiseLike<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error("expected the call to fail");
}

/** A read-write client whose every request gets `reply`, without retries. */
export function answering(reply: StubReply, validate?: boolean): ChecksClient {
  const stub = stubTransport(() => reply);
  return new ChecksClient({
    apiKey: RW_KEY,
    baseUrl: BASE,
    transport: stub.transport,
    maxRetries: 0,
    ...(validate === undefined ? {} : { validate }),
  });
}
