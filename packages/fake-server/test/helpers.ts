/**
 * Shared helpers of the fake-server tests: a fake with one project, and a
 * request function that goes through `handle()` with real `Request` objects.
 */
import { FakeServer, type FakeServerOptions, type ProjectInfo } from "../src/index.js";

/** Base URL of the fakes built here. */
export const BASE = "http://localhost:8000";
/** A fixed start time for the virtual clock. */
export const START = Date.parse("2020-01-01T00:00:00Z");

/** Options of {@link call}. */
export interface CallOptions {
  /** Sent as `X-Api-Key`. */
  key?: string;
  /** An object is sent as JSON; a string or bytes as they are. */
  body?: unknown;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** A decoded answer. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when the content type is JSON. */
  json: any;
  response: Response;
}

/** Sends one request to the fake and reads the answer. */
export async function call(fake: FakeServer, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers["X-Api-Key"] = options.key;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    init.body =
      typeof options.body === "string" || options.body instanceof Uint8Array
        ? (options.body as BodyInit)
        : JSON.stringify(options.body);
  }
  const response = await fake.handle(new Request(BASE + path, init));
  const text = response.type === "error" ? "" : await response.clone().text();
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: type === "application/json" ? JSON.parse(text) : undefined,
    response,
  };
}

/** A fake with one project, and shortcuts bound to it. */
export interface Setup {
  fake: FakeServer;
  project: ProjectInfo;
  rw: string;
  ro: string;
  /** A request with the read-write key. */
  rwCall(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** Creates a check through the API (v3) and returns its UUID. */
  create(body?: Record<string, unknown>): Promise<string>;
}

/** Builds a fake (virtual clock at {@link START}) with one project. */
export function setup(options: FakeServerOptions = {}): Setup {
  const fake = new FakeServer({ seed: "tests", clock: { start: START }, ...options });
  const project = fake.createProject({ name: "Test project" });
  const rw = project.readWriteKey as string;
  const ro = project.readOnlyKey as string;
  const rwCall = (method: string, path: string, opts: CallOptions = {}) => call(fake, method, path, { key: rw, ...opts });
  const create = async (body: Record<string, unknown> = {}) => {
    const answer = await rwCall("POST", "/api/v3/checks/", { body });
    if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${answer.text}`);
    return (answer.json.ping_url as string).split("/").pop() as string;
  };
  return { fake, project, rw, ro, rwCall, create };
}

/** Sends a ping to `/ping/{uuid}{suffix}`. */
export function ping(fake: FakeServer, uuid: string, suffix = "", init: CallOptions & { method?: string } = {}): Promise<Answer> {
  return call(fake, init.method ?? "GET", `/ping/${uuid}${suffix}`, init);
}

/** Minutes, hours and days in milliseconds. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * A report mailed as `multipart/alternative` whose plain part lacks the
 * keyword `SUCCESS` and whose HTML part has it only once its tags are
 * stripped: the message both ways of receiving email test the body filter with.
 */
export const MULTIPART_REPORT = [
  "Subject: report",
  'Content-Type: multipart/alternative; boundary="b"',
  "",
  "--b",
  "Content-Type: text/plain",
  "",
  "Plain text here",
  "--b",
  "Content-Type: text/html; charset=utf-8",
  "",
  "<b>S</b>UCCESS",
  "--b--",
  "",
].join("\r\n");
