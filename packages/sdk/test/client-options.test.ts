import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ChecksClient, HOSTED_PING_ENDPOINT, PingClient, SDK_VERSION } from "../src/index.js";
import { json, liveCheck, RW_KEY, stubTransport, UUID } from "./helpers.js";

describe("client options", () => {
  it("defaults to the hosted service, its ping endpoint and the SDK user agent", async () => {
    const stub = stubTransport((request) => (request.url.includes("/ping/") ? { status: 200, body: "OK" } : json(liveCheck())));
    const client = new ChecksClient({ apiKey: RW_KEY, transport: stub.transport });
    await client.checks.get(UUID);
    await client.ping(UUID).success();
    expect(stub.requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", `https://healthchecks.io/api/v3/checks/${UUID}`],
      ["POST", `https://hc-ping.com/${UUID}`],
    ]);
    expect(stub.requests[0]?.headers).toMatchObject({ "user-agent": `checks-api-sdk/${SDK_VERSION}`, "x-api-key": RW_KEY });
    expect(stub.requests[1]?.headers).not.toHaveProperty("x-api-key");
  });

  it("pings the hosted service's ping host when the base URL is the hosted service, given or from the environment", async () => {
    const stub = stubTransport(() => ({ status: 200, body: "OK" }));
    for (const baseUrl of ["https://healthchecks.io", "https://healthchecks.io/"]) {
      await new PingClient({ baseUrl, transport: stub.transport }).ping(UUID).success();
    }
    await new PingClient({ baseUrl: "https://hc.example.com", transport: stub.transport }).ping(UUID).success();
    expect(stub.requests.map((r) => r.url)).toEqual([
      `${HOSTED_PING_ENDPOINT}${UUID}`,
      `${HOSTED_PING_ENDPOINT}${UUID}`,
      `https://hc.example.com/ping/${UUID}`,
    ]);
  });

  it("takes a self-hosted base URL with or without a trailing slash, a ping endpoint, a user agent and extra headers", async () => {
    const stub = stubTransport(() => ({ status: 200, body: "OK" }));
    for (const baseUrl of ["https://hc.example.com/", "https://hc.example.com"]) {
      const client = new ChecksClient({
        apiKey: RW_KEY,
        baseUrl,
        userAgent: "my-cron/2",
        headers: { "x-trace": "abc" },
        transport: stub.transport,
      });
      await client.ping(UUID).start();
    }
    const pings = new PingClient({ pingEndpoint: "https://ping.example.com/p", transport: stub.transport });
    await pings.ping({ pingKey: "pk", slug: "job", create: true }).exitStatus(1, { rid: UUID, method: "GET" });
    expect(stub.requests.map((r) => r.url)).toEqual([
      `https://hc.example.com/ping/${UUID}/start`,
      `https://hc.example.com/ping/${UUID}/start`,
      `https://ping.example.com/p/pk/job/1?create=1&rid=${UUID}`,
    ]);
    expect(stub.requests[0]?.headers).toMatchObject({ "user-agent": "my-cron/2", "x-trace": "abc" });
    expect(stub.requests[2]?.method).toBe("GET");
  });

  it("refuses a base URL that is not http(s)", () => {
    expect(() => new ChecksClient({ apiKey: RW_KEY, baseUrl: "ftp://x" })).toThrow(TypeError);
    expect(() => new ChecksClient({ apiKey: RW_KEY, baseUrl: "not a url" })).toThrow(TypeError);
    expect(() => new ChecksClient({ apiKey: "" })).toThrow(TypeError);
  });

  it("refuses a URL with credentials (fetch refuses to send them, undici drops them), a query or a fragment", () => {
    expect(() => new PingClient({ baseUrl: "https://user:secret@hc.example.com" })).toThrow(
      new TypeError("baseUrl must not contain a user name or password"),
    );
    expect(() => new PingClient({ pingEndpoint: "https://secret@hc-ping.example.com/" })).toThrow(
      new TypeError("pingEndpoint must not contain a user name or password"),
    );
    expect(() => new PingClient({ baseUrl: "https://hc.example.com/?tenant=1" })).toThrow(
      new TypeError("baseUrl must not have a query or a fragment"),
    );
    expect(() => new PingClient({ baseUrl: "https://hc.example.com/#top" })).toThrow(TypeError);
  });

  it("sends to the URL as parsed: surrounding whitespace and line breaks of a pasted URL are dropped", async () => {
    const stub = stubTransport(() => ({ status: 200, body: "OK" }));
    const pings = new PingClient({ baseUrl: " https://HC.example.com:443/hc/\n", transport: stub.transport });
    await pings.ping(UUID).success();
    expect(stub.requests[0]?.url).toBe(`https://hc.example.com/hc/ping/${UUID}`);
  });

  it("keeps SDK_VERSION in step with package.json", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(SDK_VERSION).toBe(pkg.version);
  });

  it("labels text bodies as UTF-8 text and leaves bytes unlabelled (CORS-safelisted either way)", async () => {
    const stub = stubTransport(() => ({ status: 200, body: "OK" }));
    const pings = new PingClient({ transport: stub.transport });
    await pings.ping(UUID).log({ body: "line" });
    await pings.ping(UUID).log({ body: new Uint8Array([0xff]) });
    expect(stub.requests.map((r) => r.headers["content-type"])).toEqual(["text/plain; charset=utf-8", undefined]);
  });
});
