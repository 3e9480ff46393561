import { afterEach, describe, expect, it, vi } from "vitest";
import { ENTRIES } from "./entries.js";
import { json, liveCheck, RO_KEY, RW_KEY, stubTransport, UUID } from "./helpers.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(ENTRIES)("configuration from the environment through $name", ({ sdk }) => {
  const reply = () => stubTransport((request) => (request.url.includes("/ping/") ? { status: 200, body: "OK" } : json(liveCheck())));

  it("reads CHECKS_API_KEY, CHECKS_API_URL and CHECKS_PING_ENDPOINT when no option is given", async () => {
    vi.stubEnv("CHECKS_API_KEY", RW_KEY);
    vi.stubEnv("CHECKS_API_URL", "https://hc.example.com/");
    vi.stubEnv("CHECKS_PING_ENDPOINT", "https://ping.example.com");
    const stub = reply();
    const client = new sdk.ChecksClient({ transport: stub.transport });
    await client.checks.get(UUID);
    await client.ping(UUID).success();
    await new sdk.PingClient({ transport: stub.transport }).ping(UUID).start();
    expect(stub.requests.map((r) => r.url)).toEqual([
      `https://hc.example.com/api/v3/checks/${UUID}`,
      `https://ping.example.com/${UUID}`,
      `https://ping.example.com/${UUID}/start`,
    ]);
    expect(stub.requests[0]?.headers["x-api-key"]).toBe(RW_KEY);
  });

  it("lets explicit options win over the environment", async () => {
    vi.stubEnv("CHECKS_API_KEY", "hcw_fromtheenvironment0000000000");
    vi.stubEnv("CHECKS_API_URL", "https://env.example.com");
    vi.stubEnv("CHECKS_PING_ENDPOINT", "https://env-ping.example.com");
    const stub = reply();
    const client = new sdk.ChecksClient({
      apiKey: RW_KEY,
      baseUrl: "https://hc.example.com",
      pingEndpoint: "https://ping.example.com/",
      transport: stub.transport,
    });
    await client.checks.get(UUID);
    await client.ping(UUID).success();
    expect(stub.requests.map((r) => r.url)).toEqual([`https://hc.example.com/api/v3/checks/${UUID}`, `https://ping.example.com/${UUID}`]);
    expect(stub.requests[0]?.headers["x-api-key"]).toBe(RW_KEY);
  });

  it("builds the client for the environment's key with createClient()", () => {
    vi.stubEnv("CHECKS_API_KEY", RO_KEY);
    expect(sdk.createClient()).toBeInstanceOf(sdk.ReadOnlyChecksClient);
    vi.stubEnv("CHECKS_API_KEY", RW_KEY);
    expect(sdk.createClient({ transport: "fetch" })).toBeInstanceOf(sdk.ChecksClient);
  });

  it("treats an unset or empty variable as absent, and says which variable to set", () => {
    vi.stubEnv("CHECKS_API_KEY", "");
    expect(() => new sdk.ChecksClient()).toThrow(new TypeError("apiKey is required (or set CHECKS_API_KEY)"));
    vi.stubEnv("CHECKS_API_URL", "");
    const stub = reply();
    expect(() => new sdk.PingClient({ transport: stub.transport })).not.toThrow();
  });

  it("names the variable, not its value, when a URL from the environment is unusable", () => {
    const stub = reply();
    vi.stubEnv("CHECKS_API_URL", "hcw_secret is no URL");
    expect(() => new sdk.PingClient({ transport: stub.transport })).toThrow(new TypeError("CHECKS_API_URL is not an absolute URL"));
    expect(() => new sdk.PingClient({ baseUrl: "https://hc.example.com", transport: stub.transport })).not.toThrow();
    vi.stubEnv("CHECKS_PING_ENDPOINT", "ftp://ping.example.com/");
    expect(() => new sdk.PingClient({ baseUrl: "https://hc.example.com", transport: stub.transport })).toThrow(
      new TypeError("CHECKS_PING_ENDPOINT must be http or https"),
    );
    vi.stubEnv("CHECKS_PING_ENDPOINT", "https://hc-ping.example.com/?key=secret");
    expect(() => new sdk.PingClient({ baseUrl: "https://hc.example.com", transport: stub.transport })).toThrow(
      new TypeError("CHECKS_PING_ENDPOINT must not have a query or a fragment"),
    );
  });

  it("reads no variable where the runtime has no process.env or refuses access to it, as Deno does without --allow-env", () => {
    const stub = reply();
    const denied = { env: new Proxy({}, { get: () => { throw new Error("Requires env access"); } }) };
    for (const runtimeProcess of [undefined, {}, denied]) {
      const built = withProcess(runtimeProcess, () => ({
        client: new sdk.ChecksClient({ apiKey: RW_KEY, transport: stub.transport }),
        created: sdk.createClient({ apiKey: RO_KEY, transport: stub.transport }),
        missing: (() => {
          try {
            return new sdk.PingClient({ transport: stub.transport }) && new sdk.ChecksClient({ transport: stub.transport });
          } catch (error) {
            return error;
          }
        })(),
      }));
      expect(built.client).toBeInstanceOf(sdk.ChecksClient);
      expect(built.created).toBeInstanceOf(sdk.ReadOnlyChecksClient);
      expect(built.missing).toEqual(new TypeError("apiKey is required (or set CHECKS_API_KEY)"));
    }
  });

  it("checks a key from the environment like one given as an option, naming the variable but not the key", () => {
    vi.stubEnv("CHECKS_API_KEY", `${RW_KEY}\n`);
    expect(() => new sdk.ChecksClient()).toThrow(/^CHECKS_API_KEY must not contain whitespace.*a line feed at the end$/);
  });
});

/** Runs `build` while `globalThis.process` is `runtimeProcess` (synchronously, so nothing else sees it). */
function withProcess<T>(runtimeProcess: object | undefined, build: () => T): T {
  const saved = Object.getOwnPropertyDescriptor(globalThis, "process") as PropertyDescriptor;
  Object.defineProperty(globalThis, "process", { value: runtimeProcess, configurable: true, writable: true });
  try {
    return build();
  } finally {
    Object.defineProperty(globalThis, "process", saved);
  }
}
