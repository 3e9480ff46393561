import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { HttpAlert } from "../src/model/notify/view.js";
import { fetchTransport } from "../src/transport/fetch-transport.js";
import { nodeTransport } from "../src/transport/node-transport.js";
import { sendHttpAlert, type SendSettings } from "../src/notify/sender.js";
import type { Transport, WireRequest } from "../src/transport/transport.js";
import { curlHref } from "../src/text/curl-url.js";
import { startReceiver, type Receiver } from "./notify-receiver.js";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver({
    "/r500": { status: 500, body: "boom" },
    "/r203": { status: 203 },
    "/r404": { status: 404, body: "channel_not_found" },
    "/redirect": { status: 302, headers: { Location: "/ok-after-redirect" } },
    "/loop": { status: 302, headers: { Location: "/loop" } },
    "/hang": "hang",
  });
});
afterAll(() => receiver.close());

function alert(method: string, path: string, body: string | null = null, headers: Array<[string, string]> = []): HttpAlert {
  return {
    type: "http",
    method,
    url: receiver.url + path,
    headers: [...headers, ["User-Agent", "healthchecks.io"]],
    body: body === null ? null : new TextEncoder().encode(body),
  };
}

function settings(overrides: Partial<SendSettings> = {}): SendSettings & { made: Array<[WireRequest, number | null]> } {
  const made: Array<[WireRequest, number | null]> = [];
  return {
    transport: nodeTransport,
    attemptTimeoutMs: 30_000,
    signal: new AbortController().signal,
    isPermanent: () => false,
    onRequest: (request, status) => made.push([request, status]),
    made,
    ...overrides,
  };
}

function since(start: number) {
  return receiver.received.slice(start);
}

describe("sending an HTTP delivery to a real receiver", () => {
  test("a 200 is a success after one request, headers in the service's order", async () => {
    const start = receiver.received.length;
    const run = settings();
    const outcome = await sendHttpAlert(alert("POST", "/ok", "héllo", [["Content-Type", "text/plain"], ["X-Name", "Zürich"]]), run);
    expect(outcome).toEqual({ error: "", permanent: false });
    const [request] = since(start);
    expect(request!.headers.map(([name]) => name)).toEqual(["Host", "Accept", "Content-Type", "X-Name", "User-Agent", "Content-Length"]);
    expect(request!.headers[1]).toEqual(["Accept", "*/*"]);
    expect(request!.body.toString("utf8")).toBe("héllo");
    expect(run.made.map(([, status]) => status)).toEqual([200]);
  });

  test("header values go out as Latin-1 bytes", async () => {
    const start = receiver.received.length;
    await sendHttpAlert(alert("GET", "/latin1", null, [["X-Name", "Zürich"]]), settings());
    const [request] = since(start);
    const value = request!.headers.find(([name]) => name === "X-Name")![1];
    expect(Buffer.from(value, "latin1")).toEqual(Buffer.from([0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68]));
  });

  test("any status but 200, 201, 202 and 204 fails after three attempts, with the service's error text", async () => {
    const start = receiver.received.length;
    expect(await sendHttpAlert(alert("POST", "/r500/down", "x"), settings())).toEqual({ error: "Received status code 500", permanent: false });
    expect(since(start).map((r) => r.path)).toEqual(["/r500/down", "/r500/down", "/r500/down"]);
    expect((await sendHttpAlert(alert("GET", "/r203"), settings())).error).toBe("Received status code 203");
  });

  test("a permanent failure makes one attempt and says so", async () => {
    const start = receiver.received.length;
    const outcome = await sendHttpAlert(alert("POST", "/r404", "{}"), settings({ isPermanent: (status, body) => status === 404 && body === "channel_not_found" }));
    expect(outcome).toEqual({ error: "Received status code 404", permanent: true });
    expect(since(start)).toHaveLength(1);
  });

  test("a request without a body follows a redirect", async () => {
    const start = receiver.received.length;
    const run = settings();
    expect(await sendHttpAlert(alert("GET", "/redirect/up"), run)).toEqual({ error: "", permanent: false });
    expect(since(start).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /redirect/up", "GET /ok-after-redirect"]);
    expect(run.made.map(([request, status]) => [curlHref(request.url), status])).toEqual([
      [`${receiver.url}/redirect/up`, 302],
      [`${receiver.url}/ok-after-redirect`, 200],
    ]);
  });

  test("a request with a body fails on a redirect, three times", async () => {
    const start = receiver.received.length;
    expect(await sendHttpAlert(alert("POST", "/redirect/down", "redirected down"), settings())).toEqual({
      error: "HTTP request failed, code: 65",
      permanent: false,
    });
    expect(since(start).map((r) => r.path)).toEqual(["/redirect/down", "/redirect/down", "/redirect/down"]);
  });

  test("more than three redirects fail", async () => {
    const start = receiver.received.length;
    expect((await sendHttpAlert(alert("GET", "/loop"), settings())).error).toBe("Too many redirects");
    expect(since(start)).toHaveLength(3 * 4);
  });

  test("a refused connection and an unresolvable host get the service's texts", async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const refused: HttpAlert = { type: "http", method: "GET", url: `${url}/x`, headers: [], body: null };
    expect((await sendHttpAlert(refused, settings())).error).toBe("Connection failed");
    const nowhere: HttpAlert = { type: "http", method: "GET", url: "http://no-such-host.invalid/x", headers: [], body: null };
    expect((await sendHttpAlert(nowhere, settings())).error).toBe("Could not resolve host");
  });

  test("a receiver that does not answer in time fails each attempt with a timeout", async () => {
    const start = receiver.received.length;
    const outcome = await sendHttpAlert(alert("GET", "/hang"), settings({ attemptTimeoutMs: 100 }));
    expect(outcome.error).toBe("Connection timed out");
    expect(since(start)).toHaveLength(3);
  });

  test("aborting stops a delivery to a hanging receiver at once", async () => {
    const controller = new AbortController();
    const sending = sendHttpAlert(alert("POST", "/hang", "x"), settings({ signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const outcome = await Promise.race([sending, new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1000))]);
    expect(outcome).toEqual({ error: "Delivery aborted: the fake server was closed", permanent: false });
  });
});

describe("sending through a test's fetch", () => {
  test("the request reaches the function with its method, headers and body, redirects left to the sender", async () => {
    const calls: Request[] = [];
    const transport: Transport = fetchTransport(async (request) => {
      calls.push(request);
      return request.url.endsWith("/moved") ? new Response(null, { status: 301, headers: { Location: "/there" } }) : new Response("ok");
    });
    const outcome = await sendHttpAlert(
      { type: "http", method: "GET", url: "http://hooks.example/moved", headers: [["X-Up", "Zürich"]], body: null },
      settings({ transport }),
    );
    expect(outcome.error).toBe("");
    expect(calls.map((c) => c.url)).toEqual(["http://hooks.example/moved", "http://hooks.example/there"]);
    expect(calls[0]!.redirect).toBe("manual");
    expect(calls[0]!.headers.get("x-up")).toBe("Zürich");
  });

  test("a fetch that rejects is a transport failure; one that never settles is cut by the time limit", async () => {
    const failing = fetchTransport(async () => {
      throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    });
    const down: HttpAlert = { type: "http", method: "POST", url: "http://hooks.example/", headers: [], body: new Uint8Array([1]) };
    expect((await sendHttpAlert(down, settings({ transport: failing }))).error).toBe("Connection failed");
    const never = fetchTransport(() => new Promise<Response>(() => undefined));
    expect((await sendHttpAlert(down, settings({ transport: never, attemptTimeoutMs: 20 }))).error).toBe("Connection timed out");
  });
});
