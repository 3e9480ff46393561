import { setupServer } from "msw/node";
import { request as undiciRequest } from "undici";
import { describe, expect, it } from "vitest";
import { FakeServer, FakeServerClient, type FaultSpec, type JournalEntry } from "../src/index.js";
import { listening, start } from "./cli-process.js";

// Both sides of a lost answer, as an idempotency test needs them: a slow
// answer the client gave up on (the request was applied), a connection
// dropped before the request was applied, and one dropped after.

const BASE = "http://localhost:8000";
// Far longer than the client waits: the test never depends on the latency running out.
const LATENCY_MS = 10_000;
const GIVE_UP_MS = 150;

/** Sends a create; resolves to its status, or to "lost" when the client got no answer (it gave up, or the connection dropped). */
type Create = (signal: AbortSignal | undefined) => Promise<number | "lost">;

interface Target {
  create: Create;
  inject(fault: FaultSpec): Promise<void>;
  journal(): Promise<JournalEntry[]>;
  checkNames(): Promise<string[]>;
  close(): Promise<void>;
}

const BODY = '{"name": "maybe"}';

async function lost(send: () => Promise<number>): Promise<number | "lost"> {
  try {
    return await send();
  } catch {
    return "lost";
  }
}

function inProcess(fake: FakeServer, key: string, create: Create, close: () => Promise<void> = async () => undefined): Target {
  return {
    create,
    inject: async (fault) => fake.inject(fault),
    journal: async () => fake.journal(),
    checkNames: async () => fake.exportState().checks.map((check) => check.settings.name),
    close,
  };
}

function fresh(): { fake: FakeServer; key: string } {
  const fake = new FakeServer();
  return { fake, key: fake.createProject().readWriteKey! };
}

const TARGETS: Record<string, () => Promise<Target>> = {
  "handle()": async () => {
    const { fake, key } = fresh();
    return inProcess(fake, key, (signal) =>
      lost(async () => {
        const response = await fake.handle(new Request(`${BASE}/api/v3/checks/`, { method: "POST", headers: { "X-Api-Key": key }, body: BODY, signal: signal ?? null }));
        if (response.type === "error") throw new TypeError("network error");
        return response.status;
      }),
    );
  },
  "undici dispatcher": async () => {
    const { fake, key } = fresh();
    const dispatcher = fake.dispatcher();
    return inProcess(fake, key, (signal) =>
      lost(async () => {
        const response = await undiciRequest(`${BASE}/api/v3/checks/`, { method: "POST", headers: { "X-Api-Key": key }, body: BODY, dispatcher, signal });
        await response.body.arrayBuffer();
        return response.statusCode;
      }),
    );
  },
  msw: async () => {
    const { fake, key } = fresh();
    const mocks = setupServer(...fake.handlers());
    mocks.listen({ onUnhandledRequest: "error" });
    return inProcess(
      fake,
      key,
      (signal) => lost(async () => (await fetch(`${BASE}/api/v3/checks/`, { method: "POST", headers: { "X-Api-Key": key }, body: BODY, signal: signal ?? null })).status),
      async () => mocks.close(),
    );
  },
  "node:http": async () => {
    const { fake, key } = fresh();
    const server = await fake.listen();
    return inProcess(
      fake,
      key,
      (signal) => lost(async () => (await fetch(`${server.url}/api/v3/checks/`, { method: "POST", headers: { "X-Api-Key": key }, body: BODY, signal: signal ?? null })).status),
      () => server.close(),
    );
  },
  CLI: async () => {
    const run = start(["--port", "0"]);
    const url = await listening(run);
    const control = new FakeServerClient({ url });
    const key = (await control.createProject()).readWriteKey!;
    return {
      create: (signal) => lost(async () => (await fetch(`${url}/api/v3/checks/`, { method: "POST", headers: { "X-Api-Key": key }, body: BODY, signal: signal ?? null })).status),
      inject: (fault) => control.inject(fault),
      journal: () => control.journal(),
      checkNames: async () => (await control.exportState()).checks.map((check) => check.settings.name),
      close: async () => {
        run.child.kill("SIGTERM");
        await run.exit;
      },
    };
  },
};

/** The journal's create entries once none of them is still waiting (the latency is never waited out here). */
async function settledCreates(target: Target): Promise<JournalEntry[]> {
  for (;;) {
    const creates = (await target.journal()).filter((entry) => entry.operation === "createCheck");
    if (creates.every((entry) => entry.answer !== "waiting")) return creates;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(Object.keys(TARGETS))("a lost answer through %s", (name) => {
  it("applies a create whose slow answer the client gave up on, and tells both sides of a dropped connection apart", async () => {
    const target = await TARGETS[name]!();
    try {
      await target.inject({ operation: "createCheck", latencyMs: LATENCY_MS });
      const started = Date.now();
      // The client gives up once the server has the request (a busy machine may take a while to deliver it).
      const giveUp = new AbortController();
      const sent = target.create(giveUp.signal);
      while ((await target.journal()).length === 0) await new Promise((resolve) => setTimeout(resolve, GIVE_UP_MS));
      giveUp.abort();
      expect(await sent).toBe("lost");
      expect(await target.checkNames()).toEqual(["maybe"]);
      await target.inject({ operation: "createCheck", drop: true });
      expect(await target.create(undefined)).toBe("lost");
      expect(await target.checkNames()).toEqual(["maybe"]);
      await target.inject({ operation: "createCheck", dropAfterApplying: true });
      expect(await target.create(undefined)).toBe("lost");
      expect(await target.checkNames()).toEqual(["maybe", "maybe"]);
      await target.inject({ operation: "createCheck", latencyMs: 20 });
      expect(await target.create(undefined)).toBe(201);
      expect((await settledCreates(target)).map(({ status, fault, answer }) => ({ status, fault, answer }))).toEqual([
        { status: 201, fault: `latency ${LATENCY_MS}ms`, answer: "client left" },
        { status: 0, fault: "drop", answer: "dropped" },
        { status: 201, fault: "drop after applying", answer: "dropped" },
        { status: 201, fault: "latency 20ms", answer: "sent" },
      ]);
      // The slow answer stopped waiting when its client left.
      expect(Date.now() - started).toBeLessThan(LATENCY_MS);
    } finally {
      await target.close();
    }
  }, 60_000);
});
