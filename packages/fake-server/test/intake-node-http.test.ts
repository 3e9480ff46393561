import { once } from "node:events";
import { connect } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { FakeServer, type FakeServerOptions } from "@checks-api/fake-server";
import { listen, type RunningServer } from "../src/adapters/node-http.js";
import { counted, countedStream, rawExchange } from "./intake-helpers.js";

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const MIB = 1024 * 1024;

async function started(options: FakeServerOptions = {}) {
  const fake = new FakeServer({ clock: { start: "2020-01-01T00:00:00Z" }, ...options });
  const project = fake.createProject();
  const check = fake.createCheck(project.id, { name: "intake" });
  const uuid = check.ping_url.split("/").at(-1) as string;
  const server = await fake.listen();
  servers.push(server);
  return { fake, project, uuid, port: server.port, key: project.readWriteKey as string };
}

function head(method: string, path: string, headers: Record<string, string>): string {
  return [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`)].join("\r\n");
}

describe("node:http: body intake", () => {
  it.each([
    ["seed", "application/json", '{"error": "could not parse request body"}'],
    ["live", "text/html; charset=utf-8", "<title>Bad Request (400)</title>"],
  ] as const)("refuses a 64 MiB management body early, reading little of it (%s mode)", async (compat, type, text) => {
    const s = await started({ compat });
    const body = counted(1024, 64 * 1024);
    const answer = await rawExchange(s.port, {
      head: head("POST", "/api/v3/checks/", { "X-Api-Key": s.key, "Content-Length": String(64 * MIB) }),
      parts: body.parts,
    });
    expect(answer.status).toBe(400);
    expect(answer.head.toLowerCase()).toContain(`content-type: ${type}`);
    expect(answer.head.toLowerCase()).toContain("connection: close");
    expect(answer.body.toString()).toContain(text);
    // The answer came while the client was still sending: the rest was never waited for.
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MIB);
    expect(s.fake.journal().at(-1)).toMatchObject({ operation: "createCheck", status: 400, body: null, bodyLength: 64 * MIB });
  });

  it("gets fetch() the 400 of a refused streamed body rather than a reset", async () => {
    const s = await started({ compat: "live" });
    const body = countedStream(1024, 64 * 1024);
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "X-Api-Key": s.key },
      body: body.stream,
      duplex: "half",
    };
    const response = await fetch(`http://127.0.0.1:${s.port}/api/v3/checks/`, init);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Bad Request (400)");
    expect(body.pulled()).toBeLessThan(512);
  });

  it("refuses a chunked management body as soon as it passes the limit", async () => {
    const s = await started({ apiBodyLimit: 1000 });
    const chunk = Buffer.from(`100\r\n${"a".repeat(256)}\r\n`);
    const parts = Array.from({ length: 64 * 1024 }, () => ({ bytes: chunk }));
    const answer = await rawExchange(s.port, {
      head: head("POST", "/api/v3/checks/", { "X-Api-Key": s.key, "Transfer-Encoding": "chunked" }),
      parts,
    });
    expect(answer.status).toBe(400);
    expect(answer.sentBeforeAnswer).toBeLessThan(chunk.byteLength * parts.length);
    const after = await fetch(`http://127.0.0.1:${s.port}/api/v3/checks/`, { headers: { "X-Api-Key": s.key } });
    expect(after.status).toBe(200);
  });

  it("answers a refused Expect: 100-continue body without asking for it", async () => {
    const s = await started();
    const answer = await rawExchange(s.port, {
      head: head("POST", "/api/v3/checks/", { "X-Api-Key": s.key, "Content-Length": String(1024 * MIB), Expect: "100-continue" }),
    });
    expect(answer.interim).toEqual([]);
    expect(answer.status).toBe(400);
  });

  it("reads and drops the body a GET sends after an Expect: 100-continue it never answered, closing without a reset", async () => {
    const s = await started();
    // Half open: the client goes on sending after the server's end, as one that has not read it yet does.
    const socket = connect({ port: s.port, host: "127.0.0.1", allowHalfOpen: true });
    const errors: string[] = [];
    let received = "";
    socket.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    await once(socket, "connect");
    socket.write(`${head("GET", "/api/v3/checks/", { "X-Api-Key": s.key, "Content-Length": String(64 * MIB), Expect: "100-continue" })}\r\n\r\n`);
    // The body goes on coming after the answer: a server that closed at once would reset the
    // connection, and the client's write would fail (taking the answer with it when unread).
    while (!received.includes("\r\n\r\n")) await once(socket, "data");
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let i = 0; i < 40 && !socket.destroyed; i++) {
      socket.write(chunk);
      await delay(5);
    }
    socket.destroy();
    expect(errors).toEqual([]);
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received.toLowerCase()).toContain("\r\nconnection: close\r\n");
  });

  it("asks for a body it reads with 100 Continue", async () => {
    const s = await started();
    const json = Buffer.from('{"name": "continued"}');
    const answer = await rawExchange(s.port, {
      head: head("POST", "/api/v3/checks/", { "X-Api-Key": s.key, "Content-Length": String(json.byteLength), Expect: "100-continue" }),
      parts: [{ bytes: json, delayMs: 50 }],
    });
    expect(answer.interim).toEqual([100]);
    expect(answer.status).toBe(201);
  });

  it("keeps the first pingBodyLimit bytes of a 2,000,000-byte ping body and drains the rest", async () => {
    const s = await started({ compat: "live" });
    const body = counted(1000, 2000, 0x62);
    const answer = await rawExchange(s.port, {
      head: head("POST", `/ping/${s.uuid}`, { "Content-Length": "2000000" }),
      parts: body.parts,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe("OK");
    expect(body.taken()).toBe(1000);
    expect(s.fake.journal().at(-1)).toMatchObject({ operation: "ping", status: 200, bodyLength: 2_000_000 });
    const pingBody = await fetch(`http://127.0.0.1:${s.port}/api/v3/checks/${s.uuid}/pings/1/body`, {
      headers: { "X-Api-Key": s.key },
    });
    expect((await pingBody.text()).length).toBe(10_000);
  });

  it.each([
    ["live", {}],
    ["seed", {}],
    ["live", { pingBodyLimit: null }],
  ] as const)("refuses a ping body over the upload limit with the framework's 400 page, reading little of it (%s mode, %o)", async (compat, options) => {
    const s = await started({ compat, ...options });
    const declared = counted(1500, 2000);
    const refused = await rawExchange(s.port, {
      head: head("POST", `/ping/${s.uuid}`, { "Content-Length": "3000000" }),
      parts: declared.parts,
    });
    const chunk = Buffer.from(`1000\r\n${"c".repeat(4096)}\r\n`);
    const chunked = await rawExchange(s.port, {
      head: head("POST", `/ping/${s.uuid}/fail`, { "Transfer-Encoding": "chunked" }),
      parts: [...Array.from({ length: 16 * 1024 }, () => ({ bytes: chunk })), { bytes: Buffer.from("0\r\n\r\n") }],
    });
    for (const answer of [refused, chunked]) {
      expect(answer.status).toBe(400);
      expect(answer.head.toLowerCase()).toContain("content-type: text/html; charset=utf-8");
      expect(answer.head.toLowerCase()).toContain("connection: close");
      expect(answer.body.toString()).toContain("<title>Bad Request (400)</title>");
    }
    // 64 MiB announced chunk by chunk: refused once past the limit, while the client was still sending.
    expect(chunked.sentBeforeAnswer).toBeLessThan(32 * MIB);
    expect(s.fake.journal().slice(-2)).toMatchObject([
      { operation: "ping", status: 400, body: null, bodyLength: 3_000_000 },
      { operation: "ping", status: 400, body: null },
    ]);
    const check = await fetch(`http://127.0.0.1:${s.port}/api/v3/checks/${s.uuid}`, { headers: { "X-Api-Key": s.key } });
    expect(await check.json()).toMatchObject({ n_pings: 0, status: "new" });
  });

  it("keeps a drained connection open for the next request", async () => {
    const s = await started({ pingBodyLimit: 10 });
    const answers = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      void import("node:net").then(({ connect }) => {
        const socket = connect(s.port, "127.0.0.1", () => {
          const body = "x".repeat(100_000);
          socket.write(`POST /ping/${s.uuid} HTTP/1.1\r\nHost: a\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
          socket.write("GET /api/v3/status/ HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
        });
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.on("end", () => resolve(Buffer.concat(chunks).toString()));
        socket.on("error", reject);
      });
    });
    expect(answers.match(/HTTP\/1\.1 \d+/g)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
  });

  it("records nothing for a ping whose body is cut off, and keeps serving", async () => {
    const s = await started();
    const answer = await rawExchange(s.port, {
      head: head("POST", `/ping/${s.uuid}/fail`, { "Content-Length": "5000" }),
      parts: [{ bytes: Buffer.alloc(1000, 0x63) }],
      cut: true,
    });
    expect(answer.status).toBeNull();
    await new Promise((done) => setTimeout(done, 50));
    expect(s.fake.journal().at(-1)).toMatchObject({ operation: "ping", status: 0 });
    const check = await fetch(`http://127.0.0.1:${s.port}/api/v3/checks/${s.uuid}`, { headers: { "X-Api-Key": s.key } });
    expect(((await check.json()) as { n_pings: number }).n_pings).toBe(0);
  });

  it("survives a slow body and answers it", async () => {
    const s = await started();
    const json = Buffer.from('{"name": "slow one"}');
    const parts = Array.from(json, (byte) => ({ bytes: Uint8Array.of(byte), delayMs: 5 }));
    const answer = await rawExchange(s.port, {
      head: head("POST", "/api/v3/checks/", { "X-Api-Key": s.key, "Content-Length": String(json.byteLength) }),
      parts,
    });
    expect(answer.status).toBe(201);
  });

  it("answers 431 to a head above node's 16 KiB header limit", async () => {
    const s = await started();
    const answer = await rawExchange(s.port, { head: head("GET", "/api/v3/status/", { "X-Big": "h".repeat(20_000) }) });
    expect(answer.status).toBe(431);
  });

  it("streams the body to a Request handler: cancelling refuses the rest, ignoring it drains it", async () => {
    const server = await listen({
      handle: async (request) => {
        if (new URL(request.url).pathname === "/ignore") return new Response("ignored");
        const reader = request.body!.getReader();
        const first = await reader.read();
        await reader.cancel();
        return new Response(`enough after ${first.value?.byteLength ?? 0} bytes`, { status: 413 });
      },
    });
    servers.push(server);
    const refused = await rawExchange(server.port, {
      head: head("POST", "/cancel", { "Content-Length": String(64 * MIB) }),
      parts: counted(1024, 64 * 1024).parts,
    });
    expect(refused.status).toBe(413);
    expect(refused.head.toLowerCase()).toContain("connection: close");
    expect(refused.sentBeforeAnswer).toBeLessThan(32 * MIB);
    const ignored = await rawExchange(server.port, {
      head: head("POST", "/ignore", { "Content-Length": String(MIB) }),
      parts: counted(16, 64 * 1024).parts,
    });
    expect(ignored.status).toBe(200);
    expect(ignored.head.toLowerCase()).not.toContain("connection: close");
  });
});
