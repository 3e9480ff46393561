import { Readable } from "node:stream";
import { errors, fetch as undiciFetch, request, type Dispatcher } from "undici";
import { describe, expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { createDispatcher } from "../src/adapters/undici-dispatcher.js";

const BASE = "http://localhost:8000";

interface Seen {
  url: string;
  method: string;
  headers: [string, string][];
  body: string;
}

/** A stand-in fake that records the request it got and answers `answer`. */
function echo(answer: () => Response = () => new Response("ok")): { seen: Seen[]; dispatcher: Dispatcher } {
  const seen: Seen[] = [];
  const dispatcher = createDispatcher({
    options: { baseUrl: BASE },
    handle: async (req) => {
      seen.push({ url: req.url, method: req.method, headers: [...req.headers], body: await req.text() });
      return answer();
    },
  });
  return { seen, dispatcher };
}

describe("createDispatcher() building requests", () => {
  it("joins origin, path and query, and defaults the origin to the fake's base URL", async () => {
    const { seen, dispatcher } = echo();
    await (await dispatcher.request({ path: "/api/v3/checks/", method: "GET", query: { tag: ["a", "b"], slug: "x" } })).body.text();
    await (await request("https://hc.example.test/ping/abc?create=1", { dispatcher })).body.text();
    expect(seen.map((s) => s.url)).toEqual([
      `${BASE}/api/v3/checks/?tag=a&tag=b&slug=x`,
      "https://hc.example.test/ping/abc?create=1",
    ]);
  });

  it("accepts headers as an object (with array values), a flat array, and an iterable of pairs", async () => {
    const { seen, dispatcher } = echo();
    const send = async (headers: NonNullable<Dispatcher.DispatchOptions["headers"]>) =>
      (await dispatcher.request({ origin: BASE, path: "/", method: "GET", headers })).body.text();
    await send({ "X-Api-Key": "k1", "X-Multi": ["a", "b"], "X-Skip": undefined } as unknown as Record<string, string>);
    await send(["X-Api-Key", "k2", "X-Multi", "c"]);
    await send(new Map([["X-Api-Key", "k3"]]));
    expect(seen.map((s) => s.headers)).toEqual([
      [["x-api-key", "k1"], ["x-multi", "a, b"]],
      [["x-api-key", "k2"], ["x-multi", "c"]],
      [["x-api-key", "k3"]],
    ]);
  });

  it("reads bodies given as string, Buffer, Uint8Array, stream and async iterable", async () => {
    const { seen, dispatcher } = echo();
    async function* parts() {
      yield Buffer.from("as");
      yield "ync";
    }
    const bodies = ["text", Buffer.from("buffer"), new TextEncoder().encode("bytes"), Readable.from(["str", "eam"]), parts()];
    for (const body of bodies) {
      await (await dispatcher.request({ origin: BASE, path: "/", method: "POST", body: body as string })).body.text();
    }
    expect(seen.map((s) => s.body)).toEqual(["text", "buffer", "bytes", "stream", "async"]);
  });

  it("fails with InvalidArgumentError for a path that is neither absolute nor rooted", async () => {
    const { dispatcher } = echo();
    await expect(dispatcher.request({ origin: BASE, path: "api/v3/checks/", method: "GET" })).rejects.toBeInstanceOf(
      errors.InvalidArgumentError,
    );
  });
});

describe("createDispatcher() driving handlers", () => {
  it("delivers status, repeated headers and body to undici.request", async () => {
    const { dispatcher } = echo(() => {
      const headers = new Headers({ "content-type": "text/plain" });
      headers.append("set-cookie", "a=1");
      headers.append("set-cookie", "b=2");
      return new Response("hello", { status: 201, headers });
    });
    const response = await request(`${BASE}/x`, { dispatcher });
    expect(response.statusCode).toBe(201);
    expect(response.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(response.headers["content-length"]).toBe("5");
    expect(await response.body.text()).toBe("hello");
  });

  it("works with undici.fetch", async () => {
    const { seen, dispatcher } = echo(() => Response.json({ ok: true }, { status: 202 }));
    const response = await undiciFetch(`${BASE}/api/v3/checks/`, {
      dispatcher,
      method: "POST",
      headers: { "X-Api-Key": "k" },
      body: JSON.stringify({ name: "a" }),
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: "POST", body: '{"name":"a"}' });
  });

  it("drives undici 7's handler API in order", async () => {
    const { dispatcher } = echo(() => new Response("body", { status: 200, headers: { "x-a": "1" } }));
    const calls: string[] = [];
    await new Promise<void>((resolve, reject) => {
      dispatcher.dispatch(
        { origin: BASE, path: "/", method: "GET" },
        {
          onRequestStart: () => calls.push("start"),
          onResponseStart: (_controller, status, headers) => calls.push(`response ${status} ${headers["x-a"]}`),
          onResponseData: (_controller, chunk) => calls.push(`data ${chunk.toString()}`),
          onResponseEnd: () => {
            calls.push("end");
            resolve();
          },
          onResponseError: (_controller, error) => reject(error),
        },
      );
    });
    expect(calls).toEqual(["start", "response 200 1", "data body", "end"]);
  });

  it("drives the legacy handler API", async () => {
    const { dispatcher } = echo(() => new Response("legacy", { headers: { "x-b": "2" } }));
    const calls: string[] = [];
    await new Promise<void>((resolve, reject) => {
      dispatcher.dispatch(
        { origin: BASE, path: "/", method: "GET" },
        {
          onConnect: () => calls.push("connect"),
          onHeaders: (status, raw) => {
            calls.push(`headers ${status} ${raw.map(String).join(",")}`);
            return true;
          },
          onData: (chunk) => {
            calls.push(`data ${chunk.toString()}`);
            return true;
          },
          onComplete: () => {
            calls.push("complete");
            resolve();
          },
          onError: reject,
        },
      );
    });
    expect(calls).toEqual(["connect", "headers 200 content-length,6,content-type,text/plain;charset=UTF-8,x-b,2", "data legacy", "complete"]);
  });

  it("stops and reports the reason when the caller aborts", async () => {
    const { dispatcher } = echo();
    const controller = new AbortController();
    controller.abort(new Error("gave up"));
    await expect(request(`${BASE}/`, { dispatcher, signal: controller.signal })).rejects.toThrow("gave up");
  });

  it("refuses requests after close()", async () => {
    const { dispatcher } = echo();
    await dispatcher.close();
    await expect(request(`${BASE}/`, { dispatcher })).rejects.toBeInstanceOf(errors.ClientClosedError);
  });
});

describe("createDispatcher() serving a FakeServer", () => {
  it("serves the API without a socket", async () => {
    const fake = new FakeServer();
    const project = fake.createProject();
    const dispatcher = fake.dispatcher();
    const headers = { "X-Api-Key": project.readWriteKey ?? "" };
    const created = await request(`${BASE}/api/v3/checks/`, {
      dispatcher,
      method: "POST",
      headers,
      body: JSON.stringify({ name: "cron", schedule: "*/5 * * * *", tz: "UTC" }),
    });
    expect(created.statusCode).toBe(201);
    const check = (await created.body.json()) as { schedule: string };
    expect(check.schedule).toBe("*/5 * * * *");
    const list = await undiciFetch(`${BASE}/api/v3/checks/`, { dispatcher, headers });
    expect(((await list.json()) as { checks: unknown[] }).checks).toHaveLength(1);
  });

  it("fails a dropped connection with SocketError, through request and fetch", async () => {
    const fake = new FakeServer();
    const dispatcher = createDispatcher(fake);
    fake.inject({ operation: "*", times: 2, drop: true });
    await expect(request(`${BASE}/api/v3/checks/`, { dispatcher })).rejects.toBeInstanceOf(errors.SocketError);
    const failure = await undiciFetch(`${BASE}/api/v3/checks/`, { dispatcher }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).cause).toBeInstanceOf(errors.SocketError);
  });
});
