import { setupServer } from "msw/node";
import { request as undiciRequest } from "undici";
import { describe, expect, it } from "vitest";
import { FakeServer, type FakeState } from "../src/index.js";

// What the journal keeps of secrets the fake no longer holds, and of
// secrets an excerpt's end cuts through, whichever adapter the requests took.

type Send = (method: string, path: string, init?: { key?: string; body?: string }) => Promise<number>;
interface Served {
  send: Send;
  close(): Promise<void>;
}

const BASE = "http://localhost:8000";

function headersOf(key: string | undefined): Record<string, string> {
  return key === undefined ? {} : { "X-Api-Key": key };
}

const ADAPTERS: Record<string, (fake: FakeServer) => Promise<Served>> = {
  "handle()": async (fake) => ({
    send: async (method, path, init = {}) => {
      const response = await fake.handle(new Request(BASE + path, { method, headers: headersOf(init.key), body: init.body ?? null }));
      await response.arrayBuffer();
      return response.status;
    },
    close: async () => undefined,
  }),
  "undici dispatcher": async (fake) => {
    const dispatcher = fake.dispatcher();
    return {
      send: async (method, path, init = {}) => {
        const response = await undiciRequest(BASE + path, { method: method as "GET", headers: headersOf(init.key), body: init.body ?? null, dispatcher });
        await response.body.arrayBuffer();
        return response.statusCode;
      },
      close: async () => undefined,
    };
  },
  msw: async (fake) => {
    const mocks = setupServer(...fake.handlers());
    mocks.listen({ onUnhandledRequest: "error" });
    return {
      send: async (method, path, init = {}) => {
        const response = await fetch(BASE + path, { method, headers: headersOf(init.key), body: init.body ?? null });
        await response.arrayBuffer();
        return response.status;
      },
      close: async () => mocks.close(),
    };
  },
  "node:http": async (fake) => {
    const server = await fake.listen();
    return {
      send: async (method, path, init = {}) => {
        const response = await fetch(server.url + path, { method, headers: headersOf(init.key), body: init.body ?? null });
        await response.arrayBuffer();
        return response.status;
      },
      close: () => server.close(),
    };
  },
};

/** The first characters of each secret: none of them may show anywhere in the journal. */
function expectNoneShown(fake: FakeServer, secrets: string[]): void {
  const text = JSON.stringify(fake.journal());
  for (const secret of secrets) expect(text).not.toContain(secret.slice(0, 8));
}

describe.each(Object.keys(ADAPTERS))("the journal's secrets through %s", (adapter) => {
  const serve = ADAPTERS[adapter]!;

  it("masks a deleted check's UUID in its own DELETE entry, later, and after an export and an import", async () => {
    const fake = new FakeServer({ compat: "live" });
    const project = fake.createProject();
    const key = project.readWriteKey!;
    const served = await serve(fake);
    let state: FakeState;
    let uuid = "";
    try {
      expect(await served.send("POST", "/api/v3/checks/", { key, body: '{"name": "gone"}' })).toBe(201);
      uuid = fake.exportState().checks[0]!.uuid;
      expect(await served.send("DELETE", `/api/v3/checks/${uuid}`, { key })).toBe(200);
      expect(await served.send("GET", `/api/v3/checks/${uuid.toUpperCase()}/pings/`, { key })).toBe(404);
      expect(await served.send("POST", `/ping/${uuid}`, { body: `after ${uuid}` })).toBe(404);
      expect(fake.journal().map((entry) => [entry.method, entry.path, entry.status])).toEqual([
        ["POST", "/api/v3/checks/", 201],
        ["DELETE", "/api/v3/checks/***", 200],
        ["GET", "/api/v3/checks/***/pings/", 404],
        ["POST", "/ping/***", 404],
      ]);
      state = JSON.parse(JSON.stringify(fake.exportState())) as FakeState;
    } finally {
      await served.close();
    }
    expect(state.retired).toEqual([uuid]);

    const restored = new FakeServer({ compat: "live" });
    restored.importState(state);
    const again = await serve(restored);
    try {
      expect(await again.send("GET", `/api/v3/checks/${uuid}`, { key })).toBe(404);
      expect(await again.send("POST", "/api/v3/checks/", { key, body: `{"name": "x", "desc": "was ${uuid}"}` })).toBe(201);
    } finally {
      await again.close();
    }
    expect(restored.journal().map((entry) => entry.path)).toEqual(["/api/v3/checks/***", "/api/v3/checks/"]);
    expect(restored.journal()[1]?.body).toEqual({ name: "x", desc: "was ***" });
    expectNoneShown(fake, [uuid]);
    expectNoneShown(restored, [uuid]);
  });

  it("masks a path that holds a secret learnt after the path was first asked, every time it is asked again", async () => {
    const fake = new FakeServer({ compat: "live" });
    const later = "k".repeat(16) + "L".repeat(16);
    const served = await serve(fake);
    try {
      for (let i = 0; i < 3; i++) await served.send("GET", `/api/v3/checks/${later}/pings/`);
      fake.createProject({ readWriteKey: later });
      for (let i = 0; i < 3; i++) await served.send("GET", `/api/v3/checks/${later}/pings/`);
    } finally {
      await served.close();
    }
    const unmasked = `/api/v3/checks/${later}/pings/`;
    const masked = "/api/v3/checks/***/pings/";
    expect(fake.journal().map((entry) => entry.path)).toEqual([unmasked, unmasked, unmasked, masked, masked, masked]);
  });

  it("shows no first characters of a secret that the excerpt's end cuts through", async () => {
    const fake = new FakeServer({ compat: "live" });
    const longPingKey = `pk-${"long".repeat(50)}`;
    const project = fake.createProject({ pingKey: longPingKey });
    const key = project.readWriteKey!;
    const uuid = fake.createCheck(project.id, { name: "cut" }).ping_url.split("/").at(-1)!;
    const served = await serve(fake);
    // Each secret starts a few characters before the journal's 4096-character cut.
    const pad = (before: number) => "x".repeat(before);
    try {
      await served.send("POST", `/ping/${uuid}`, { body: `${pad(4090)} ${longPingKey} end` });
      await served.send("POST", `/ping/${uuid}`, { body: `${pad(4080)} ${key} end` });
      await served.send("POST", `/api/v3/checks/${uuid}`, { key, body: JSON.stringify({ desc: `${pad(4070)} ${longPingKey}` }) });
      await served.send("POST", `/api/v3/checks/${uuid}`, { key, body: `{"desc": "${pad(4080)} ${uuid}",}` });
      await served.send("POST", `/api/v3/checks/${uuid}`, { key, body: `{"desc": "${pad(990)} ${key}",}` });
    } finally {
      await served.close();
    }
    const bodies = fake.journal().map((entry) => entry.body as string);
    expect(bodies.map((body) => typeof body)).toEqual(["string", "string", "string", "string", "string"]);
    for (const body of bodies) expect(body.length).toBeLessThanOrEqual(4096);
    expect(bodies[4]).toContain(" ***");
    expectNoneShown(fake, [longPingKey, key, uuid]);

    // A ping body cut at the ping body limit (here inside a key) ends the journal's text there too.
    fake.setLimits({ pingBodyLimit: 2000 });
    const served2 = await serve(fake);
    try {
      await served2.send("POST", `/ping/${uuid}`, { body: `${pad(1990)} ${key} end` });
    } finally {
      await served2.close();
    }
    expect(fake.journal().at(-1)?.body).toBe(`${pad(1990)} ***`);
    expectNoneShown(fake, [key]);
  });
});
