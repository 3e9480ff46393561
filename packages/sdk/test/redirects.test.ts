import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fetchEntry from "../src/fetch.js";
import { DEFAULT_TRANSPORTS, serve } from "./http-server.js";
import { failure, RW_KEY, UUID } from "./helpers.js";

const MASKED_UUID = "********-****-****-****-********7f79";

describe.each(DEFAULT_TRANSPORTS)("redirects through $name", ({ sdk }) => {
  // Another origin (another port), which must never see the key.
  let elsewhere: Awaited<ReturnType<typeof serve>>;
  let redirecting: Awaited<ReturnType<typeof serve>>;
  let status = 307;
  let location: string | undefined;
  beforeAll(async () => {
    elsewhere = await serve((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"checks":[]}'));
    redirecting = await serve((_req, res) => {
      res.writeHead(status, location === undefined ? {} : { location }).end("moved");
    });
  });
  afterAll(async () => {
    await elsewhere.close();
    await redirecting.close();
  });

  const client = () => new sdk.ChecksClient({ apiKey: RW_KEY, baseUrl: redirecting.url, retry: { initialDelayMs: 1 } });

  it.each([301, 302, 303, 307, 308])("does not follow a %i to another origin: a RedirectError saying where, sent once, no key forwarded", async (code) => {
    status = code;
    location = `${elsewhere.url}/api/v3/checks/`;
    const before = redirecting.seen.length;
    for (const call of [(c: fetchEntry.ChecksClient) => c.checks.list(), (c: fetchEntry.ChecksClient) => c.checks.create({ name: "x" })]) {
      const error = await failure<fetchEntry.RedirectError>(call(client()));
      expect(error).toBeInstanceOf(sdk.RedirectError);
      expect(error).toBeInstanceOf(sdk.InvalidResponseError);
      expect(error).not.toBeInstanceOf(sdk.ConnectionError);
      expect(error).toMatchObject({ status: code, location: `${elsewhere.url}/api/v3/checks/` });
      expect(error.message).toMatch(new RegExp(`^${code} redirect to ${elsewhere.url}/api/v3/checks/, not followed \\((GET|POST) /api/v3/checks/\\)$`));
    }
    expect(redirecting.seen.length - before).toBe(2); // no retry
    expect(elsewhere.seen).toEqual([]);
  });

  it("masks secrets in the target, and resolves a relative one against the request", async () => {
    status = 302;
    location = `/login/?next=/api/v3/checks/${UUID}&key=${RW_KEY}`;
    const error = await failure<fetchEntry.RedirectError>(client().checks.get(UUID));
    expect(error.location).toBe(`${redirecting.url}/login/?next=/api/v3/checks/${MASKED_UUID}&key=hcw_********`);
    expect(error.message).not.toContain(UUID);
    expect(error.message).not.toContain(RW_KEY);
  });

  it("says so when the answer does not tell where", async () => {
    status = 300;
    location = undefined;
    const error = await failure<fetchEntry.RedirectError>(client().checks.list());
    expect(error).toBeInstanceOf(sdk.RedirectError);
    expect(error.location).toBeUndefined();
    expect(error.message).toBe("300 redirect not followed (GET /api/v3/checks/)");
  });

  it("reports a redirected ping as an error, not a result, and monitor() hands it to onPingError", async () => {
    status = 301;
    location = `${elsewhere.url}/ping/${UUID}`;
    const pings = new sdk.PingClient({ baseUrl: redirecting.url, maxRetries: 0 });
    const error = await failure<fetchEntry.RedirectError>(pings.ping(UUID).success());
    expect(error).toBeInstanceOf(sdk.RedirectError);
    expect(error.location).toBe(`${elsewhere.url}/ping/${MASKED_UUID}`);
    const seen: unknown[] = [];
    expect(await pings.monitor(UUID, () => "ran", { onPingError: (e) => seen.push(e) })).toBe("ran");
    expect(seen.map((e) => e instanceof sdk.RedirectError)).toEqual([true, true]);
    expect(elsewhere.seen).toEqual([]);
  });
});

describe("a redirect the browser hides", () => {
  it("asks fetch not to follow, and takes an opaqueredirect answer (status 0, no headers) as a RedirectError", async () => {
    const inits: RequestInit[] = [];
    const opaque = Object.defineProperties(new Response(null), {
      type: { value: "opaqueredirect" },
      status: { value: 0 },
    });
    const client = new fetchEntry.ChecksClient({
      apiKey: RW_KEY,
      baseUrl: "https://checks.example",
      fetch: async (_url, init) => {
        inits.push(init);
        return opaque;
      },
    });
    const error = await failure<fetchEntry.RedirectError>(client.checks.list());
    expect(error).toBeInstanceOf(fetchEntry.RedirectError);
    expect(error).toMatchObject({ status: undefined, location: undefined });
    expect(error.message).toBe("redirect not followed; the runtime hides its status and target (GET /api/v3/checks/)");
    expect(inits.map((init) => init.redirect)).toEqual(["manual"]);
  });
});
