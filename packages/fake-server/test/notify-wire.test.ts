/**
 * Deliveries as they reach the wire, read byte for byte by a receiver with
 * no HTTP parser of its own: header names, case, order and values as
 * stored, the request target's bytes, the framing of empty bodies, and how
 * redirects and broken answers end, in send mode, in record mode and
 * through a test's `fetch`.
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServer, type DeliveryRecord, type FakeServerOptions } from "../src/index.js";
import { formAlert } from "../src/model/notify/http-alert.js";
import { nodeTransport } from "../src/transport/node-transport.js";
import { sendHttpAlert } from "../src/notify/sender.js";
import { parseCurlUrl } from "../src/text/curl-url.js";
import { bodyBytes, frameRequest } from "../src/transport/wire-request.js";
import { webhook, type WebhookSide } from "./notify-helpers.js";
import { httpAnswer, startRawReceiver, type RawReceiver } from "./notify-raw-receiver.js";
import type { KnownChannelKind } from "@checks-api/schema";

let receiver: RawReceiver;
beforeAll(async () => {
  receiver = await startRawReceiver((target) => {
    if (target.startsWith("/see-other")) return httpAnswer(303, { Location: "/after-303" });
    if (target.startsWith("/moved")) return httpAnswer(302, { Location: "/after-302" });
    if (target.startsWith("/to-file")) return httpAnswer(302, { Location: "file:///etc/passwd" });
    if (target.startsWith("/to-gopher")) return httpAnswer(301, { Location: "gopher://127.0.0.1/1" });
    if (target.startsWith("/close")) return "close";
    if (target.startsWith("/hello")) return "HELLO THERE\r\n";
    if (target.startsWith("/short")) return "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc";
    if (target.startsWith("/chunked")) return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n";
    if (target.startsWith("/hang")) return "hang";
    return httpAnswer(200, {}, "ok");
  });
});
afterAll(() => receiver.close());

/** A fake with one webhook for `down`, a check that goes down with `/fail`; what the receiver got and what was recorded. */
async function deliver(
  down: WebhookSide,
  options: { name?: string; notifications?: FakeServerOptions["notifications"]; pingBody?: string } = {},
): Promise<{ heads: string[]; bodies: Buffer[]; record: DeliveryRecord }> {
  const from = receiver.received.length;
  const fake = new FakeServer({ notifications: options.notifications });
  try {
    const project = fake.createProject();
    fake.addChannel(project.id, { kind: "webhook", value: webhook(down) });
    const check = fake.createCheck(project.id, { name: options.name ?? "backup", channels: "*" });
    await fake.handle(new Request(`${check.ping_url}/fail`, { method: "POST", body: options.pingBody ?? "" }));
    await fake.settled();
    const got = receiver.received.slice(from);
    return { heads: got.map((r) => r.head.toString("latin1")), bodies: got.map((r) => r.body), record: fake.notifications()[0]! };
  } finally {
    await fake.close();
  }
}

const RECORD = { delivery: "record" } as const;

describe("headers exactly as stored", () => {
  const stored = { "X-Dup": "1", "x-dup": "2", "user-agent": "Custom/1.0", Accept: "text/plain", "X-Lead": "  spaced" };

  it("go out with their case and order, the default User-Agent after them, credentials from the URL right after Host", async () => {
    const url = `http://user:p%40ss@${receiver.host}/h/down`;
    const { heads, bodies, record } = await deliver({ method: "POST", url, body: "$NAME went $STATUS", headers: stored });
    const auth = Buffer.from("user:p@ss").toString("base64");
    expect(heads).toEqual([
      `POST /h/down HTTP/1.1\r\nHost: ${receiver.host}\r\nAuthorization: Basic ${auth}\r\n` +
        "X-Dup:1\r\nx-dup:2\r\nuser-agent:Custom/1.0\r\nAccept:text/plain\r\nX-Lead:  spaced\r\nUser-Agent:healthchecks.io\r\n" +
        "Content-Length: 16\r\n\r\n",
    ]);
    expect(bodies[0]!.toString()).toBe("backup went down");
    // The outbox lists what the socket got, in the same order.
    expect(record.requests[0]!.headers).toEqual([
      ["Host", receiver.host],
      ["Authorization", `Basic ${auth}`],
      ["X-Dup", "1"],
      ["x-dup", "2"],
      ["user-agent", "Custom/1.0"],
      ["Accept", "text/plain"],
      ["X-Lead", "  spaced"],
      ["User-Agent", "healthchecks.io"],
      ["Content-Length", "16"],
    ]);
    expect(record.requests[0]!.url).toBe(`http://${receiver.host}/h/down`);
  });

  it("are recorded the same way when nothing is sent", async () => {
    const url = `http://user:p%40ss@${receiver.host}/h/down`;
    const sent = await deliver({ method: "POST", url, body: "$NAME went $STATUS", headers: stored });
    const recorded = await deliver({ method: "POST", url, body: "$NAME went $STATUS", headers: stored }, { notifications: RECORD });
    expect(recorded.heads).toEqual([]);
    expect(recorded.record.requests.map(({ status: _status, ...request }) => request)).toEqual(
      sent.record.requests.map(({ status: _status, ...request }) => request),
    );
  });

  it("a POST whose body template renders empty carries no Content-Length and no body", async () => {
    const { heads, bodies, record } = await deliver({ method: "POST", url: `http://${receiver.host}/h/empty`, body: "$BODY" });
    expect(heads).toEqual([`POST /h/empty HTTP/1.1\r\nHost: ${receiver.host}\r\nAccept: */*\r\nUser-Agent:healthchecks.io\r\n\r\n`]);
    expect(bodies[0]!.byteLength).toBe(0);
    expect(record).toMatchObject({ error: "", requests: [{ method: "POST", body: null }] });
  });

  it("a PUT whose body template renders empty announces Content-Length: 0 and sends no body bytes, as the service's client does", async () => {
    const { heads, bodies, record } = await deliver({ method: "PUT", url: `http://${receiver.host}/h/empty`, body: "$BODY" });
    expect(heads).toEqual([`PUT /h/empty HTTP/1.1\r\nHost: ${receiver.host}\r\nAccept: */*\r\nUser-Agent:healthchecks.io\r\nContent-Length: 0\r\n\r\n`]);
    expect(bodies[0]!.byteLength).toBe(0);
    expect(record).toMatchObject({ error: "", requests: [{ method: "PUT", body: "", headers: expect.arrayContaining([["Content-Length", "0"]]) }] });
    // Recorded without sending, the request is the same.
    const recorded = await deliver({ method: "PUT", url: `http://${receiver.host}/h/empty`, body: "$BODY" }, { notifications: RECORD });
    expect(recorded.record.requests.map(({ status: _status, ...request }) => request)).toEqual(
      record.requests.map(({ status: _status, ...request }) => request),
    );
  });

  it("a PUT with an empty template sends neither body nor Content-Length", async () => {
    const { heads } = await deliver({ method: "PUT", url: `http://${receiver.host}/h/none`, body: "" });
    expect(heads).toEqual([`PUT /h/none HTTP/1.1\r\nHost: ${receiver.host}\r\nAccept: */*\r\nUser-Agent:healthchecks.io\r\n\r\n`]);
  });

  it("an empty PUT in chunks is the last chunk alone", () => {
    const url = parseCurlUrl("http://hooks.example/h/chunks");
    const request = frameRequest({ method: "PUT", headers: [["Transfer-Encoding", "chunked"]], body: new Uint8Array(0) }, url, url);
    expect(request.headers.map(({ name }) => name)).not.toContain("Content-Length");
    expect(Buffer.from(bodyBytes(request)!).toString("latin1")).toBe("0\r\n\r\n");
  });
});

describe("URLs as the service's client sends them", () => {
  it("keeps what the user wrote, path bytes in lower-case hex, the query's UTF-8 raw, placeholders in upper-case hex", async () => {
    const { record, ...got } = await deliver({ method: "GET", url: `http://${receiver.host}/ok/s7/ünï/✓?q=ä&n=$NAME` }, { name: "edge ✓" });
    const head = Buffer.from(got.heads[0]!, "latin1");
    const target = head.subarray(4, head.indexOf(" HTTP/1.1"));
    expect(target).toEqual(
      Buffer.concat([Buffer.from("/ok/s7/%c3%bcn%c3%af/%e2%9c%93?q="), Buffer.from([0xc3, 0xa4]), Buffer.from("&n=edge%20%E2%9C%93")]),
    );
    expect(record.requests[0]!.url).toBe(`http://${receiver.host}/ok/s7/%c3%bcn%c3%af/%e2%9c%93?q=ä&n=edge%20%E2%9C%93`);
  });

  it("does not re-encode braces, quotes, pipes or an existing escape", async () => {
    const path = "/ok/s7/br{ace}s/`back`/pipe|x^y?q=\"quoted\"&a=<b>&c='s'&d=[1]&e=%7E%41&f=a+b";
    const { heads } = await deliver({ method: "GET", url: `http://${receiver.host}${path}` });
    expect(heads[0]!.split("\r\n")[0]).toBe(`GET ${path} HTTP/1.1`);
  });

  it("reads the user part up to its first @ and a backslash as part of it, as the service does", async () => {
    const { heads, record } = await deliver({ method: "GET", url: `http://evil:pw\\@${receiver.host}/userinfo` });
    expect(heads[0]).toContain(`GET /userinfo HTTP/1.1\r\nHost: ${receiver.host}\r\nAuthorization: Basic ${Buffer.from("evil:pw\\").toString("base64")}\r\n`);
    expect(record.error).toBe("");
    const elsewhere = await deliver({ method: "GET", url: "http://127.0.0.1:9\\@evil.example/" }, { notifications: RECORD });
    expect(elsewhere.record.requests[0]).toMatchObject({
      url: "http://evil.example/",
      headers: [
        ["Host", "evil.example"],
        ["Authorization", `Basic ${Buffer.from("127.0.0.1:9\\").toString("base64")}`],
        ["Accept", "*/*"],
        ["User-Agent", "healthchecks.io"],
      ],
    });
  });
});

describe("redirects and broken answers", () => {
  it("follows a 303 after a POST with a body as a POST without one", async () => {
    const { heads, bodies, record } = await deliver({ method: "POST", url: `http://${receiver.host}/see-other`, body: "payload" });
    expect(heads).toEqual([
      `POST /see-other HTTP/1.1\r\nHost: ${receiver.host}\r\nAccept: */*\r\nUser-Agent:healthchecks.io\r\nContent-Length: 7\r\n\r\n`,
      `POST /after-303 HTTP/1.1\r\nHost: ${receiver.host}\r\nAccept: */*\r\nUser-Agent:healthchecks.io\r\n\r\n`,
    ]);
    expect(bodies.map((b) => b.toString())).toEqual(["payload", ""]);
    expect(record.error).toBe("");
    expect(record.requests.map((r) => [r.method, r.url, r.body, r.status])).toEqual([
      ["POST", `http://${receiver.host}/see-other`, "payload", 303],
      ["POST", `http://${receiver.host}/after-303`, null, 200],
    ]);
  });

  it("follows another redirect of an empty PUT with the same empty PUT: there is nothing to read twice", async () => {
    const { heads, record } = await deliver({ method: "PUT", url: `http://${receiver.host}/moved`, body: "$BODY" });
    expect(heads.map((head) => head.split("\r\n")[0])).toEqual(["PUT /moved HTTP/1.1", "PUT /after-302 HTTP/1.1"]);
    expect(heads[1]).toContain("Content-Length: 0\r\n");
    expect(record.error).toBe("");
  });

  it("fails other redirects of a request with a body, code 65", async () => {
    const { record } = await deliver({ method: "PUT", url: `http://${receiver.host}/moved`, body: "payload" });
    expect(record.error).toBe("HTTP request failed, code: 65");
    expect(record.requests).toHaveLength(3);
  });

  it.each([
    ["/close", "a connection closed with no answer", "HTTP request failed, code: 52"],
    ["/hello", "an answer that is not HTTP", "HTTP request failed, code: 1"],
    ["/short", "an answer whose body is cut short", "HTTP request failed, code: 18"],
    ["/to-file", "a redirect to file:", "HTTP request failed, code: 1"],
    ["/to-gopher", "a redirect to gopher:", "HTTP request failed, code: 1"],
  ])("%s: %s fails with %s, three times", async (path, _what, error) => {
    const { heads, record } = await deliver({ method: "GET", url: `http://${receiver.host}${path}` });
    expect(record.error).toBe(error);
    expect(heads).toHaveLength(3);
  });

  it("reads a chunked answer to its end", async () => {
    expect((await deliver({ method: "GET", url: `http://${receiver.host}/chunked` })).record.error).toBe("");
  });

  it("never hands a test's fetch anything but http and https", async () => {
    const seen: string[] = [];
    const fetch = async (request: Request) => {
      seen.push(request.url);
      const to = request.url.endsWith("/file") ? "file:///etc/passwd" : request.url.endsWith("/gopher") ? "gopher://example.com/" : null;
      return to === null ? new Response("ok") : new Response(null, { status: 302, headers: { Location: to } });
    };
    const toFile = await deliver({ method: "GET", url: "http://hooks.example/file" }, { notifications: { fetch } });
    const toGopher = await deliver({ method: "GET", url: "http://hooks.example/gopher" }, { notifications: { fetch } });
    expect([toFile.record.error, toGopher.record.error]).toEqual(["HTTP request failed, code: 1", "HTTP request failed, code: 1"]);
    expect(new Set(seen)).toEqual(new Set(["http://hooks.example/file", "http://hooks.example/gopher"]));
  });
});

describe("a test's fetch", () => {
  it("receives a Request whose body it can read", async () => {
    const got: Array<{ method: string; url: string; body: string; type: string | null; redirect: string }> = [];
    const fetch = async (request: Request) => {
      got.push({ method: request.method, url: request.url, body: await request.text(), type: request.headers.get("x-kind"), redirect: request.redirect });
      return new Response(null, { status: 204 });
    };
    const { record } = await deliver(
      { method: "PUT", url: "http://user:pw@hooks.example/put?n=$NAME", body: "$NAME is $STATUS", headers: { "X-Kind": "alert" } },
      { notifications: { fetch } },
    );
    expect(got).toEqual([{ method: "PUT", url: "http://hooks.example/put?n=backup", body: "backup is down", type: "alert", redirect: "manual" }]);
    expect(record.error).toBe("");
  });
});

describe("what record mode records is what send mode does", () => {
  it("a line break that reaches a header through $NAME fails the same way in both modes, and nothing is sent", async () => {
    const down = { method: "POST" as const, url: `http://${receiver.host}/crlf`, body: "x", headers: { "X-Name": "$NAME" } };
    const sent = await deliver(down, { name: "a\r\nInjected: 1" });
    const recorded = await deliver(down, { name: "a\r\nInjected: 1", notifications: RECORD });
    expect(sent.heads).toEqual([]);
    expect(sent.record.error).toMatch(/^Not sent: the header "X-Name" holds a line break/);
    expect(recorded.record.error).toBe(sent.record.error);
    expect([sent.record.requests, recorded.record.requests]).toEqual([[], []]);
  });
});

describe("the per-attempt time limit", () => {
  it("ends each attempt at a hanging receiver after attemptTimeoutMs", async () => {
    const started = Date.now();
    const { heads, record } = await deliver({ method: "GET", url: `http://${receiver.host}/hang` }, { notifications: { attemptTimeoutMs: 100 } });
    expect(record.error).toBe("Connection timed out");
    expect(heads).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("limits and kinds that do not send", () => {
  /** A fake with one integration and a check; `flip()` sends the ping that changes its status. */
  function flipping(kind: KnownChannelKind, value: string, notifications: FakeServerOptions["notifications"]) {
    const fake = new FakeServer({ notifications });
    const project = fake.createProject();
    fake.addChannel(project.id, { kind, value });
    const check = fake.createCheck(project.id, { name: "backup", channels: "*" });
    let down = false;
    const flip = async () => {
      down = !down;
      await fake.handle(new Request(`${check.ping_url}${down ? "/fail" : ""}`));
      await fake.settled();
    };
    return { fake, flip };
  }

  it.each([["send"], ["record"]] as const)("ntfy takes 6 messages per topic per minute (%s mode)", async (mode) => {
    const sent: string[] = [];
    const fetch = async (request: Request) => {
      sent.push(request.url);
      return new Response("ok");
    };
    const value = JSON.stringify({ topic: "ops", url: "https://ntfy.example", priority: 3, priority_up: 3 });
    const { fake, flip } = flipping("ntfy", value, mode === "send" ? { fetch } : { delivery: "record" });
    for (let i = 0; i < 7; i++) await flip();
    const errors = () => fake.notifications().map((record) => record.error);
    expect(errors()).toEqual(["", "", "", "", "", "", "Rate limit exceeded"]);
    expect(fake.notifications()[6]!.requests).toEqual([]);
    // A sixth of the bucket comes back in ten seconds.
    fake.clock.advance(10_000);
    await flip();
    await flip();
    expect(errors().slice(7)).toEqual(["", "Rate limit exceeded"]);
    if (mode === "send") expect(sent).toHaveLength(7);
    await fake.close();
  });

  it("another topic has its own bucket", async () => {
    const fake = new FakeServer({ notifications: { delivery: "record" } });
    const project = fake.createProject();
    for (const topic of ["a", "b"]) {
      fake.addChannel(project.id, { kind: "ntfy", value: JSON.stringify({ topic, url: "https://ntfy.example", priority: 3, priority_up: 3 }) });
    }
    const check = fake.createCheck(project.id, { channels: "*" });
    await fake.handle(new Request(`${check.ping_url}`));
    for (let i = 0; i < 4; i++) await fake.handle(new Request(`${check.ping_url}${i % 2 === 0 ? "/fail" : ""}`));
    await fake.settled();
    expect(fake.notifications().map((record) => record.error)).toEqual(Array(8).fill(""));
    await fake.close();
  });

  it("a shell integration never runs and records that commands are not enabled", async () => {
    const { fake, flip } = flipping("shell", JSON.stringify({ cmd_down: "touch /tmp/x", cmd_up: "" }), { delivery: "record" });
    await flip();
    await flip();
    expect(fake.notifications()).toMatchObject([{ channel: { kind: "shell" }, error: "Shell commands are not enabled", requests: [] }]);
    await fake.close();
  });
});

describe("byte for byte as captured from the service", () => {
  it("writes a webhook's request head as the service did, but for Expect: 100-continue", async () => {
    const captured = JSON.parse(readFileSync(new URL("./fixtures/notifications/webhook-up-head.json", import.meta.url), "utf8")) as { head: string; body: string };
    const from = receiver.received.length;
    const fake = new FakeServer();
    const project = fake.createProject();
    const value = webhook({ url: `http://${receiver.host}/ok/s9/member` }, { method: "POST", url: `http://${receiver.host}/ok/s9/member-up`, body: "$NAME $STATUS" });
    fake.addChannel(project.id, { kind: "webhook", value });
    const check = fake.createCheck(project.id, { name: "run", channels: "*" });
    await fake.handle(new Request(`${check.ping_url}/fail`));
    await fake.handle(new Request(`${check.ping_url}`));
    await fake.settled();
    await fake.close();
    const up = receiver.received.slice(from).find((request) => request.head.toString("latin1").startsWith("POST /ok/s9/member-up "))!;
    expect(up.head.toString("latin1")).toBe(captured.head.replace("RECEIVER", receiver.host).replace("Expect: 100-continue\r\n", ""));
    expect(up.body.toString("utf8")).toBe(captured.body);
  });
});

describe("a form with credentials, as the service posts one", () => {
  it("frames it byte for byte as captured: Authorization after Host, the form's Content-Type after Content-Length", async () => {
    const captured = JSON.parse(readFileSync(new URL("./fixtures/notifications/zulip-form-head.json", import.meta.url), "utf8")) as { head: string; body: string };
    const fields = [...new URLSearchParams(captured.body)];
    const from = receiver.received.length;
    const alert = formAlert(`http://${receiver.host}/ok/s9/zulip/api/v1/messages`, fields, ["bot@example.org", "k"]);
    const outcome = await sendHttpAlert(alert, {
      transport: nodeTransport,
      attemptTimeoutMs: 5000,
      signal: new AbortController().signal,
      isPermanent: () => false,
      onRequest: () => undefined,
    });
    expect(outcome.error).toBe("");
    const [got] = receiver.received.slice(from);
    expect(got!.head.toString("latin1")).toBe(captured.head.replace("RECEIVER", receiver.host));
    expect(got!.body.toString("latin1")).toBe(captured.body);
  });

  it("goes on without its body after a 302, and is sent again after a 307", async () => {
    const redirecting = await startRawReceiver((target) =>
      target === "/302" ? httpAnswer(302, { Location: "/done" }) : target === "/307" ? httpAnswer(307, { Location: "/done" }) : httpAnswer(200),
    );
    try {
      for (const path of ["/302", "/307"]) {
        const alert = formAlert(`http://${redirecting.host}${path}`, [["a", "b c"]]);
        const sent = await sendHttpAlert(alert, { transport: nodeTransport, attemptTimeoutMs: 5000, signal: new AbortController().signal, isPermanent: () => false, onRequest: () => undefined });
        expect(sent.error).toBe("");
      }
      expect(redirecting.received.map((r) => [r.head.toString("latin1").split("\r\n")[0], r.body.toString()])).toEqual([
        ["POST /302 HTTP/1.1", "a=b+c"],
        ["POST /done HTTP/1.1", ""],
        ["POST /307 HTTP/1.1", "a=b+c"],
        ["POST /done HTTP/1.1", "a=b+c"],
      ]);
    } finally {
      await redirecting.close();
    }
  });
});

describe("https", () => {
  it("checks the receiver's certificate, as the service does: a self-signed one fails the handshake", async () => {
    const fixture = (name: string) => readFileSync(new URL(`./fixtures/tls/${name}`, import.meta.url));
    const server = createTlsServer({ key: fixture("self-signed.key"), cert: fixture("self-signed.crt") }, (socket) => socket.end(httpAnswer(200)));
    server.on("tlsClientError", () => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { record } = await deliver({ method: "GET", url: `https://127.0.0.1:${port}/tls` });
      expect(record.error).toBe("TLS handshake failed");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
