import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { ChecksClient, createClient, PingClient, type FetchLike } from "../src/index.js";
import { FAKE_BASE } from "./fake-helpers.js";

// The clients are built before msw patches the global fetch (in beforeAll):
// `transport: "fetch"` must look the global fetch up on every request.
const fake = new FakeServer({ baseUrl: FAKE_BASE });
const project = fake.createProject();
const other = new FakeServer({ baseUrl: FAKE_BASE });
const common = { baseUrl: FAKE_BASE, transport: "fetch", retry: { initialDelayMs: 1 } } as const;
const client = new ChecksClient({ apiKey: project.readWriteKey!, ...common });
const pings = new PingClient(common);
// A dispatcher too: the transport option wins over it.
const board = createClient({ apiKey: project.readOnlyKey!, keyKind: "read-only", dispatcher: other.dispatcher(), ...common });
const server = setupServer(...fake.handlers());

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe('transport: "fetch" in the Node entry', () => {
  it("sends through msw when msw was installed after the client was built", async () => {
    const { uuid } = await client.checks.create({ name: "intercepted" });
    expect((await pings.ping(uuid).success()).outcome).toBe("recorded");
    expect((await board.checks.list()).map((check) => check.status)).toEqual(["up"]);
    expect(fake.journal().map((entry) => [entry.operation, entry.status])).toEqual([
      ["createCheck", 201],
      ["ping", 200],
      ["listChecks", 200],
    ]);
    expect(other.journal()).toEqual([]);
  });

  it("retries over the intercepted fetch", async () => {
    fake.inject({ operation: "listChecks", drop: true });
    const { response } = await client.checks.list().withResponse();
    expect(response.attempts).toBe(2);
  });

  it("uses the fetch given as `fetch` instead of the global one", async () => {
    const seen: string[] = [];
    const own: FetchLike = (url, init) => {
      seen.push(url);
      return fetch(url, init);
    };
    const pinned = new PingClient({ baseUrl: FAKE_BASE, transport: "fetch", fetch: own });
    expect((await pinned.ping({ pingKey: project.pingKey, slug: "nope" }).success()).outcome).toBe("not-found");
    expect(seen).toEqual([`${FAKE_BASE}/ping/${project.pingKey}/nope`]);
  });

  it("refuses a transport name it does not know", () => {
    const options = { baseUrl: FAKE_BASE, transport: "undici" } as unknown as ConstructorParameters<typeof PingClient>[0];
    expect(() => new PingClient(options)).toThrow('transport must be a function or "fetch"');
  });
});
