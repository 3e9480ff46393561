import { request as httpRequest, Agent } from "node:http";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { listen, type RunningServer } from "../src/adapters/node-http.js";
import { PEER_ADDRESS_HEADER } from "../src/http/peer-address.js";
import { run } from "./cli-process.js";

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handle: (request: Request) => Promise<Response>): Promise<RunningServer> {
  const server = await listen({ handle });
  servers.push(server);
  return server;
}

interface RawAnswer {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

/** A request with full control over header lines and body bytes. */
function raw(
  url: string,
  options: { method?: string; headers?: [string, string][]; body?: Buffer; agent?: Agent } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? "GET", agent: options.agent ?? false, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    const headers = options.headers ?? [];
    if (!headers.some(([name]) => name.toLowerCase() === "host")) req.setHeader("Host", new URL(url).host);
    for (const [name, value] of headers) req.appendHeader(name, value);
    req.end(options.body);
  });
}

describe("listen() turning node:http messages into WHATWG requests", () => {
  it("binds 127.0.0.1 on a free port by default and reports its URL", async () => {
    const server = await serve(async () => new Response("hi"));
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
    expect(await (await fetch(`${server.url}/x`)).text()).toBe("hi");
  });

  it("passes the full URL, the method, repeated headers and the body bytes", async () => {
    let seen: { url: string; method: string; accept: string | null; custom: string | null; body: number[] } | undefined;
    const server = await serve(async (request) => {
      seen = {
        url: request.url,
        method: request.method,
        accept: request.headers.get("accept"),
        custom: request.headers.get("x-custom"),
        body: [...new Uint8Array(await request.arrayBuffer())],
      };
      return new Response(null, { status: 204 });
    });
    const bytes = Buffer.from([0, 255, 128, 10, 13, 0x7b]);
    const answer = await raw(`${server.url}/api/v3/checks/?tag=a&tag=b`, {
      method: "POST",
      headers: [
        ["Accept", "text/plain"],
        ["X-Custom", "one"],
        ["X-Custom", "two"],
      ],
      body: bytes,
    });
    expect(answer.status).toBe(204);
    expect(seen).toEqual({
      url: `${server.url}/api/v3/checks/?tag=a&tag=b`,
      method: "POST",
      accept: "text/plain",
      custom: "one, two",
      body: [...bytes],
    });
  });

  it("uses a plain Host header for the URL and ignores one that could change the path", async () => {
    const urls: string[] = [];
    const server = await serve(async (request) => {
      urls.push(request.url);
      return new Response("");
    });
    await raw(`${server.url}/ping/x`, { headers: [["Host", "example.test:8000"]] });
    await raw(`${server.url}/ping/x`, { headers: [["Host", "evil.test/prefix"]] });
    expect(urls).toEqual(["http://example.test:8000/ping/x", `${server.url}/ping/x`]);
  });

  it("puts the socket peer address in x-checks-fake-peer and drops a client-sent value", async () => {
    const peers: (string | null)[] = [];
    const server = await serve(async (request) => {
      peers.push(request.headers.get(PEER_ADDRESS_HEADER));
      return new Response("");
    });
    await raw(`${server.url}/a`);
    await raw(`${server.url}/a`, { headers: [["X-Checks-Fake-Peer", "203.0.113.9"]] });
    expect(peers).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("writes status, every repeated header line and the body bytes back", async () => {
    const server = await serve(async () => {
      const headers = new Headers({ "Content-Type": "application/octet-stream" });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      return new Response(new Uint8Array([1, 2, 3, 250]), { status: 409, headers });
    });
    const answer = await raw(`${server.url}/`);
    expect(answer.status).toBe(409);
    expect([...answer.body]).toEqual([1, 2, 3, 250]);
    const cookies = answer.rawHeaders.filter((_, i) => i % 2 === 1 && answer.rawHeaders[i - 1]?.toLowerCase() === "set-cookie");
    expect(cookies).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    const lengthIndex = answer.rawHeaders.findIndex((name) => name.toLowerCase() === "content-length");
    expect(answer.rawHeaders[lengthIndex + 1]).toBe("4");
  });

  it("destroys the socket without an answer for Response.error()", async () => {
    const server = await serve(async () => Response.error());
    await expect(raw(`${server.url}/ping/x`)).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it("answers 500 instead of crashing when the handler throws", async () => {
    const server = await serve(async () => {
      throw new Error("boom");
    });
    expect((await raw(`${server.url}/`)).status).toBe(500);
    expect((await raw(`${server.url}/`)).status).toBe(500);
  });

  it("closes idle keep-alive connections on close()", async () => {
    const server = await listen({ handle: async () => new Response("ok") });
    const agent = new Agent({ keepAlive: true });
    expect((await raw(`${server.url}/`, { agent })).status).toBe(200);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1000);
    agent.destroy();
  });

  it("rejects when the port is taken", async () => {
    const first = await serve(async () => new Response(""));
    await expect(listen({ handle: async () => new Response("") }, { port: first.port })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe("listen() serving a FakeServer", () => {
  it("serves the management API and the ping API over a real socket", async () => {
    const fake = new FakeServer();
    const project = fake.createProject();
    const server = await listen(fake);
    servers.push(server);
    const key = { "X-Api-Key": project.readWriteKey ?? "" };

    const created = await fetch(`${server.url}/api/v3/checks/`, {
      method: "POST",
      headers: key,
      body: JSON.stringify({ name: "backup", timeout: 3600 }),
    });
    expect(created.status).toBe(201);
    const check = (await created.json()) as { ping_url: string; update_url: string };
    const uuid = check.update_url.split("/").pop() ?? "";

    const ping = await fetch(`${server.url}/ping/${uuid}`, { method: "POST", body: "hello" });
    expect(ping.status).toBe(200);
    expect(await ping.text()).toBe("OK");

    const pings = await fetch(`${server.url}/api/v3/checks/${uuid}/pings/`, { headers: key });
    const list = (await pings.json()) as { pings: { remote_addr: string; method: string }[] };
    expect(list.pings).toHaveLength(1);
    expect(list.pings[0]).toMatchObject({ remote_addr: "127.0.0.1", method: "POST" });
  });

  it("reads header lines in any case, repeated ones joined, and no other line of the same length", async () => {
    const fake = new FakeServer();
    const project = fake.createProject();
    const uuid = fake.createCheck(project.id, { name: "any case" }).update_url.split("/").pop() ?? "";
    const server = await listen(fake);
    servers.push(server);
    for (const name of ["X-API-KEY", "x-api-key", "X-Api-Key", "x-aPI-kEY"]) {
      const answer = await raw(`${server.url}/api/v3/checks/${uuid}`, { headers: [[name, project.readWriteKey ?? ""]] });
      expect(answer.status, name).toBe(200);
    }
    // Same length as x-api-key, one letter apart: not the key.
    expect((await raw(`${server.url}/api/v3/checks/${uuid}`, { headers: [["X-Api-Kez", project.readWriteKey ?? ""]] })).status).toBe(401);

    const pinged = await raw(`${server.url}/ping/${uuid}`, {
      headers: [
        ["X-FORWARDED-FOR", "192.0.2.7"],
        ["User-Agent", "first"],
        ["user-AGENT", "second"],
      ],
    });
    expect(pinged.status).toBe(200);
    const log = await raw(`${server.url}/api/v3/checks/${uuid}/pings/`, { headers: [["X-Api-Key", project.readWriteKey ?? ""]] });
    expect(JSON.parse(log.body.toString())).toMatchObject({ pings: [{ remote_addr: "192.0.2.7", ua: "first, second" }] });
  });

  it("drops the connection for an injected drop fault", async () => {
    const fake = new FakeServer();
    const server = await listen(fake);
    servers.push(server);
    fake.inject({ operation: "*", drop: true });
    await expect(fetch(`${server.url}/api/v3/checks/`)).rejects.toThrow(TypeError);
    expect((await fetch(`${server.url}/api/v3/checks/`)).status).toBe(401);
  });

  it("answers CONNECT, TRACE and TRACK with an empty 400, as a Request cannot carry them", async () => {
    const server = await listen(new FakeServer());
    servers.push(server);
    const exchange = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, "127.0.0.1", () => socket.write(head));
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
        socket.on("error", reject);
        socket.setTimeout(5000, () => socket.destroy(new Error("no answer")));
      });
    const host = `127.0.0.1:${server.port}`;
    for (const head of [
      `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\nhello`,
      `TRACE /api/v3/checks/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      `TRACK /ping/x HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ]) {
      const answer = await exchange(head);
      expect(answer, head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      // Empty: nothing after the head (node's parser refuses TRACK itself, without a Content-Length).
      expect(answer.split("\r\n\r\n"), head).toEqual([expect.any(String), ""]);
    }
    expect((await fetch(`${server.url}/api/v3/status/`)).status).toBe(200);
  });

  it("lets the process exit once closed, even while a request waits out an injected latency", async () => {
    const script = `
      import { request } from "node:http";
      const { FakeServer } = await import(process.argv[1]);
      const fake = new FakeServer();
      fake.inject({ latencyMs: 600000 });
      const server = await fake.listen({ host: "127.0.0.1", port: 0 });
      request(server.url + "/api/v3/status/").on("error", () => {}).end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.close();
    `;
    const started = Date.now();
    const child = run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, fileURLToPath(new URL("../src/index.ts", import.meta.url))]);
    const exited = await Promise.race([child.exit, new Promise((resolve) => setTimeout(() => resolve("still running"), 15_000))]);
    child.child.kill("SIGKILL");
    expect(exited, child.stderr()).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
