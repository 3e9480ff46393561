/**
 * Shared pieces of the notification tests: webhook settings in the
 * service's stored form, and a fake whose HTTP deliveries go to a function.
 */
import type { FakeServerOptions } from "../src/index.js";
import { call, setup, type Setup } from "./helpers.js";

/** One direction of a webhook. */
export interface WebhookSide {
  method?: "GET" | "POST" | "PUT";
  url?: string;
  body?: string;
  headers?: Record<string, string>;
}

/** A webhook's stored value (the eight keys the sender reads). */
export function webhook(down: WebhookSide, up: WebhookSide = {}): string {
  return JSON.stringify({
    method_down: down.method ?? "POST",
    url_down: down.url ?? "",
    body_down: down.body ?? "",
    headers_down: down.headers ?? {},
    method_up: up.method ?? "POST",
    url_up: up.url ?? "",
    body_up: up.body ?? "",
    headers_up: up.headers ?? {},
  });
}

/** A request the test's fetch received. */
export interface Caught {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

/** A fake ({@link setup}) whose HTTP deliveries reach `answer` instead of the network, with what reached it. */
export function setupCatching(
  answer: (caught: Caught) => Response | Promise<Response> = () => new Response("ok"),
  options: FakeServerOptions = {},
): Setup & { caught: Caught[] } {
  const caught: Caught[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const got = { method: request.method, url: request.url, headers: request.headers, body: await request.text() };
    caught.push(got);
    return answer(got);
  };
  return { ...setup({ ...options, notifications: { fetch, ...options.notifications } }), caught };
}

/** Sends a ping to the fake (path under `/ping/`) and returns its status. */
export async function ping(s: Setup, path: string, body?: string): Promise<number> {
  return (await call(s.fake, body === undefined ? "GET" : "POST", `/ping/${path}`, body === undefined ? {} : { body })).status;
}
