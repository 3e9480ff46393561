import { request as httpRequest } from "node:http";
import { setupServer } from "msw/node";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServer, FakeServerClient, FakeServerControlError, type RunningServer } from "@checks-api/fake-server";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

/** A raw request over the socket, so that `Host` can be anything. */
function raw(server: RunningServer, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: res.headers["content-type"] === "application/json" ? JSON.parse(text) : text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const JSON_TYPE = { "content-type": "application/json" };

describe("control API over a socket: hosts and origins", () => {
  let fake: FakeServer;
  let server: RunningServer;
  let own: string;

  beforeAll(async () => {
    fake = new FakeServer({ baseUrl: "http://hc.test:8000", control: { allowedHosts: ["fake.internal", "ci.example:9000"], allowedOrigins: ["http://localhost:5173"] } });
    server = await fake.listen();
    own = `127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it.each([
    ["the bound address", () => own],
    ["localhost on any port", () => "localhost:1234"],
    ["a name under .localhost", () => "app.localhost"],
    ["another loopback address", () => "127.1.2.3:80"],
    ["IPv6 loopback", () => "[::1]:8000"],
    ["the host of baseUrl", () => "hc.test:8000"],
    ["an allowed host on any port", () => "fake.internal:80"],
    ["an allowed host:port", () => "ci.example:9000"],
  ])("answers a request whose Host is %s", async (_, host) => {
    const answer = await raw(server, "GET", "/__fake/clock", { host: host() });
    expect(answer.status).toBe(200);
  });

  it.each([
    ["a DNS-rebinding name", `attacker.example:8000`],
    ["an allowed host on another port", "ci.example:9001"],
    ["the host of baseUrl on another port", "hc.test:8001"],
    ["a name ending like localhost", "evil-localhost:8000"],
    ["a public address", "203.0.113.7"],
  ])("refuses a request whose Host is %s with a JSON 403", async (_, host) => {
    const answer = await raw(server, "GET", "/__fake/state", { host });
    expect(answer.status).toBe(403);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect((answer.json as { error: string }).error).toBe(
      `control API refused: Host ${host} is not an address this server answers to (allow it with the control.allowedHosts option)`,
    );
  });

  it("still serves the API itself to any Host", async () => {
    expect((await raw(server, "GET", "/api/v3/status/", { host: "attacker.example" })).status).toBe(200);
  });

  it("refuses a cross-origin simple request (the CSRF of the issue) and changes nothing", async () => {
    const before = fake.exportState().projects.length;
    const answer = await raw(
      server,
      "POST",
      "/__fake/projects",
      { host: own, origin: "http://evil.example", "content-type": "text/plain" },
      '{"name": "csrf"}',
    );
    expect(answer).toMatchObject({ status: 403, json: { error: "control API refused: a browser request from origin http://evil.example (allow it with the control.allowedOrigins option)" } });
    expect(fake.exportState().projects).toHaveLength(before);
  });

  it.each([
    [{ origin: "null" }, 403],
    [{ origin: "https://evil.example" }, 403],
    [{ "sec-fetch-site": "cross-site" }, 403],
    [{ "sec-fetch-site": "same-site" }, 403],
    [{ "sec-fetch-site": "same-origin" }, 204],
    [{ "sec-fetch-site": "none" }, 204],
    [{ origin: "http://localhost:5173" }, 204],
  ])("judges browser headers %j → %i", async (headers, status) => {
    const answer = await raw(server, "DELETE", "/__fake/faults", { host: own, ...headers });
    expect(answer.status).toBe(status);
  });

  it("accepts its own origin", async () => {
    const answer = await raw(server, "DELETE", "/__fake/faults", { host: own, origin: `http://${own}`, "sec-fetch-site": "same-origin" });
    expect(answer.status).toBe(204);
  });

  it.each([
    ["text/plain", 415],
    ["application/x-www-form-urlencoded", 415],
    ["multipart/form-data; boundary=x", 415],
    ["application/json; charset=utf-8", 201],
    ["application/merge-patch+json", 201],
  ])("takes a body of type %s → %i", async (type, status) => {
    const answer = await raw(server, "POST", "/__fake/projects", { host: own, "content-type": type }, "{}");
    expect(answer.status).toBe(status);
    if (status === 415) {
      expect(answer.json).toEqual({ error: "control request bodies must be JSON: send Content-Type: application/json" });
    }
  });

  it("refuses a body without a content type", async () => {
    const answer = await raw(server, "POST", "/__fake/projects", { host: own }, "{}");
    expect(answer.status).toBe(415);
  });
});

describe("control API with a token", () => {
  const TOKEN = "s3cret-token-value";
  let fake: FakeServer;
  let server: RunningServer;

  beforeAll(async () => {
    fake = new FakeServer({ control: { token: TOKEN } });
    server = await fake.listen();
  });
  afterAll(() => server.close());

  it.each([
    [{}, "control API refused: send the control token as Authorization: Bearer <token>"],
    [{ authorization: "Bearer wrong" }, "control API refused: wrong control token"],
    [{ authorization: `Bearer ${TOKEN}x` }, "control API refused: wrong control token"],
    [{ authorization: `Basic ${TOKEN}` }, "control API refused: send the control token as Authorization: Bearer <token>"],
  ])("answers 401 to %j", async (headers, message) => {
    const answer = await raw(server, "GET", "/__fake/state", headers);
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe('Bearer realm="control"');
    expect(answer.json).toEqual({ error: message });
    expect(JSON.stringify(answer)).not.toContain(TOKEN);
  });

  it("serves FakeServerClient with the token, and refuses it without", async () => {
    const control = new FakeServerClient({ url: server.url, token: TOKEN });
    const project = await control.createProject({ name: "with token" });
    expect(project.name).toBe("with token");
    const failure = await new FakeServerClient({ url: server.url }).journal().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FakeServerControlError);
    expect(failure).toMatchObject({ status: 401 });
  });

  it("keeps the token out of the journal", async () => {
    await raw(server, "GET", "/__fake/clock", { authorization: `Bearer ${TOKEN}` });
    await raw(server, "GET", "/api/v3/status/", { authorization: `Bearer ${TOKEN}` });
    expect(JSON.stringify(fake.journal())).not.toContain(TOKEN);
  });

  it("needs the token in-process too", async () => {
    expect((await fake.handle(new Request("http://localhost:8000/__fake/clock"))).status).toBe(401);
    const ok = await fake.handle(new Request("http://localhost:8000/__fake/clock", { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(ok.status).toBe(200);
  });
});

describe("control API beyond loopback", () => {
  // The node:http adapter tells a handler the socket's peer in this header
  // (replacing any value a client sent), as it does for wrapped handlers.
  const from = (fake: FakeServer, peer: string, headers: Record<string, string> = {}) =>
    fake.handle(new Request("http://localhost:8000/__fake/state", { headers: { "x-checks-fake-peer": peer, ...headers } }));

  it("refuses a peer beyond this machine when no token is set, whatever Host it names", async () => {
    const fake = new FakeServer({ control: { allowedHosts: ["*"] } });
    for (const peer of ["192.0.2.7", "10.1.2.3", "2001:db8::1", "fe80::1"]) {
      const answer = await from(fake, peer);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({
        error: `control API refused: a request from ${peer}, beyond this machine, needs a control token (the control.token option)`,
      });
    }
    for (const peer of ["127.0.0.1", "127.3.2.1", "::1"]) expect((await from(fake, peer)).status).toBe(200);
  });

  it("serves a peer beyond this machine that sends the token", async () => {
    const fake = new FakeServer({ control: { allowedHosts: ["*"], token: "t0ken" } });
    expect((await from(fake, "192.0.2.7")).status).toBe(401);
    expect((await from(fake, "192.0.2.7", { authorization: "Bearer t0ken" })).status).toBe(200);
  });
});

describe("control API body limits", () => {
  const fake = new FakeServer({ control: { bodyLimit: 100, stateBodyLimit: 100_000 } });
  const send = (method: string, path: string, body: string) =>
    fake.handle(new Request(`http://localhost:8000${path}`, { method, body, headers: JSON_TYPE }));

  it("refuses a control body over control.bodyLimit with 413", async () => {
    const answer = await send("POST", "/__fake/projects", JSON.stringify({ name: "x".repeat(200) }));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ error: "control request body larger than 100 bytes (the control.bodyLimit option)" });
    expect((await send("POST", "/__fake/projects", '{"name": "small"}')).status).toBe(201);
  });

  it("takes a state document up to control.stateBodyLimit", async () => {
    const state = JSON.stringify(fake.exportState());
    expect(state.length).toBeGreaterThan(100);
    expect((await send("PUT", "/__fake/state", state)).status).toBe(204);
    const answer = await send("PUT", "/__fake/state", state + " ".repeat(100_000));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ error: "control request body larger than 100000 bytes (the control.stateBodyLimit option)" });
  });

  it("has documented defaults", () => {
    expect(new FakeServer().options.control).toEqual({
      prefix: "/__fake",
      token: null,
      allowedHosts: [],
      allowedOrigins: [],
      bodyLimit: 1_048_576,
      stateBodyLimit: 67_108_864,
    });
  });
});

describe("control API in-process", () => {
  it("serves FakeServerClient through the undici dispatcher", async () => {
    const fake = new FakeServer();
    const dispatcher = fake.dispatcher();
    const viaDispatcher = ((input: string, init?: RequestInit) =>
      undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
    const control = new FakeServerClient({ url: "http://localhost:8000", fetch: viaDispatcher });
    expect((await control.createProject({ name: "dispatched" })).name).toBe("dispatched");
    expect(await control.journal()).toEqual([]);
  });

  it("serves FakeServerClient through msw, for another site root too", async () => {
    const fake = new FakeServer();
    const msw = setupServer(...fake.handlers({ baseUrl: "https://hc.example.com" }));
    msw.listen({ onUnhandledRequest: "error" });
    try {
      const control = new FakeServerClient({ url: "https://hc.example.com" });
      expect((await control.createProject({ name: "mocked" })).name).toBe("mocked");
      expect((await control.clock.advance(1000)).getTime()).toBe(fake.clock.now().getTime());
    } finally {
      msw.close();
    }
  });

  it("serves handle() whatever the URL or Host header names", async () => {
    const fake = new FakeServer();
    expect((await fake.handle(new Request("http://anything.example/__fake/clock"))).status).toBe(200);
    const withHost = new Request("http://localhost:8000/__fake/clock", { headers: { host: "attacker.example" } });
    expect((await fake.handle(withHost)).status).toBe(200);
  });
});
