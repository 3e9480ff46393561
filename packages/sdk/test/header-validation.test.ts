import { describe, expect, it } from "vitest";
import { ENTRIES } from "./entries.js";
import { json, liveCheck, RW_KEY, socketError, stubTransport, UUID } from "./helpers.js";

const SECRET_KEY = "hcw_secretsecretsecretsecret1234";

describe.each(ENTRIES)("header values through $name", ({ sdk }) => {
  it.each([
    [`${SECRET_KEY}\n`, "a line feed at the end"],
    [` ${SECRET_KEY}`, "a space at the start"],
    [`hcw_secret\tsecret`, "a tab at position 11"],
    [`hcw_secret\u0000secret`, "a NUL character at position 11"],
    [`hcw_secrét`, "the character U+00E9 at position 9"],
  ])("refuses the API key %j when the client is built, without printing it", (apiKey, what) => {
    for (const build of [() => new sdk.ChecksClient({ apiKey }), () => sdk.createClient({ apiKey, keyKind: "read-write" })]) {
      let error: unknown;
      try {
        build();
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(`apiKey must not contain whitespace, control or non-ASCII characters: it has ${what}`);
      expect((error as Error).message).not.toContain("secret");
    }
  });

  it("refuses a user agent or an extra header that no transport would send as given", () => {
    expect(() => new sdk.PingClient({ userAgent: "cron/1\r\nx-evil: 1" })).toThrow(TypeError);
    expect(() => new sdk.PingClient({ userAgent: "cron/1 " })).toThrow(/userAgent .*: it has a space at the end/);
    expect(() => new sdk.PingClient({ headers: { "x-trace": "a\nb" } })).toThrow(/^the value of the header x-trace must not/);
    expect(() => new sdk.PingClient({ headers: { "bad name": "v" } })).toThrow(/^the header name "bad name" is not a valid HTTP token$/);
    expect(() => new sdk.PingClient({ headers: ["x-trace", "t"] as unknown as Record<string, string> })).toThrow(
      new TypeError("headers must be an object of header names and values"),
    );
    expect(() => new sdk.PingClient({ userAgent: "cron/1 (büro)", headers: { "x-trace": "a b\tc" } })).not.toThrow();
  });

  it("sends each header once whatever the case of its name: an extra header wins over the user agent, the key and a body's type over extra headers", async () => {
    const stub = stubTransport((request) => (request.url.includes("/ping/") ? { status: 200, body: "OK" } : json(liveCheck())));
    const client = new sdk.ChecksClient({
      apiKey: RW_KEY,
      userAgent: "option/1",
      headers: { "User-Agent": "header/1", "X-Api-Key": "hcw_anotherkeyanotherkeyanother0", "Content-Type": "text/x" },
      transport: stub.transport,
    });
    await client.checks.get(UUID);
    await client.ping(UUID).log({ body: "text" });
    const sent = stub.requests.map((request) => Object.entries(request.headers).map(([name, value]) => `${name.toLowerCase()}: ${value}`).sort());
    expect(sent[0]).toEqual(["content-type: text/x", "user-agent: header/1", `x-api-key: ${RW_KEY}`]);
    expect(sent[1]).toEqual(["content-type: text/plain; charset=utf-8", "user-agent: header/1", "x-api-key: hcw_anotherkeyanotherkeyanother0"]);
  });

  it("refuses a ping method that is not an HTTP token, or that HTTP clients refuse, before sending", async () => {
    const stub = stubTransport(() => ({ status: 200, body: "OK" }));
    const pings = new sdk.PingClient({ transport: stub.transport });
    await expect(pings.ping(UUID).success({ method: "GE T" })).rejects.toBeInstanceOf(sdk.BadRequestError);
    // Methods that fetch refuses (and undici for CONNECT): no transport would send them as a ping.
    for (const method of ["CONNECT", "trace", "TRACK"]) {
      const error = await pings.ping(UUID).success({ method }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(sdk.BadRequestError);
      expect((error as Error).message).toBe(`a ping cannot use the method ${method.toUpperCase()} (${method.toUpperCase()} /ping/{target})`);
    }
    expect(stub.requests).toHaveLength(0);
  });

  it("reports a transport refusing its arguments as a TypeError, never a retried ConnectionError", async () => {
    const stub = stubTransport(() => Object.assign(socketError("UND_ERR_INVALID_ARG"), { message: `invalid header ${SECRET_KEY}` }));
    const client = new sdk.ChecksClient({ apiKey: RW_KEY, transport: stub.transport, maxRetries: 3 });
    const error = await client.checks.get(UUID).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(sdk.ConnectionError);
    expect((error as Error).message).toBe("the transport refused the request GET /api/v3/checks/********-****-****-****-********7f79: UND_ERR_INVALID_ARG");
    expect(stub.requests).toHaveLength(1);
    const ok = stubTransport(() => json(liveCheck()));
    expect((await new sdk.ChecksClient({ apiKey: RW_KEY, transport: ok.transport }).checks.get(UUID)).uuid).toBe(UUID);
  });
});
