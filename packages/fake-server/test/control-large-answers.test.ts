import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTROL_ANSWER_MAX_CHARS,
  FakeServer,
  FakeServerClient,
  type FakeState,
  type PingState,
  type RunningServer,
  type SharedPingLog,
} from "@checks-api/fake-server";

const BASE = "http://localhost:8000";
// As one 31 MiB message naming the check 14 times leaves it: one body, 14 pings.
const BODY_BYTES = 31 * 1024 * 1024;
const PINGS = 14;

function inProcessClient(fake: FakeServer): FakeServerClient {
  const fetchViaFake = ((input: string | URL | Request, init?: RequestInit) => fake.handle(new Request(input, init))) as typeof fetch;
  return new FakeServerClient({ url: BASE, fetch: fetchViaFake });
}

/** A fake whose one check holds `PINGS` email pings of one shared body of `BODY_BYTES`, and a small HTTP ping. */
async function fakeWithSharedBody(): Promise<{ fake: FakeServer; uuid: string; body: Uint8Array }> {
  const fake = new FakeServer({ clock: { start: "2026-01-01T00:00:00Z" } });
  const check = fake.createCheck(fake.createProject().id, { name: "mailed" });
  await fake.handle(new Request(check.ping_url!, { method: "POST", body: "small" }));
  const state = fake.exportState();
  const [http] = state.checks[0]!.pings;
  const body = new Uint8Array(BODY_BYTES);
  for (let i = 0; i < body.length; i += 4096) body[i] = 65 + (i % 26);
  const email = Array.from({ length: PINGS }, (_, i) => ({ ...http!, n: i + 2, type: "success" as const, scheme: "email", method: "email", ua: "Email from a@example.org", rid: null, body: null, sharedBody: 0 }));
  const document: FakeState = { ...state, bodies: [Buffer.from(body).toString("base64")], checks: [{ ...state.checks[0]!, nPings: PINGS + 1, pings: [http!, ...email] }] };
  fake.importState(document);
  return { fake, uuid: check.uuid!, body };
}

describe("control answers with large ping bodies", () => {
  let fake: FakeServer;
  let uuid: string;
  let body: Uint8Array;
  let server: RunningServer;

  beforeAll(async () => {
    ({ fake, uuid, body } = await fakeWithSharedBody());
    server = await fake.listen();
  });
  afterAll(() => server.close());

  it("answers the ping log with each shared body once (bodies=shared)", async () => {
    const response = await fake.handle(new Request(`${BASE}/__fake/checks/${uuid}/pings?bodies=shared`));
    expect(response.status).toBe(200);
    const log = (await response.json()) as SharedPingLog;
    expect(log.bodies).toHaveLength(1);
    expect(Buffer.from(log.bodies[0]!, "base64").equals(Buffer.from(body))).toBe(true);
    expect(log.pings.map((ping) => [ping.n, ping.sharedBody])).toEqual([[1, undefined], ...Array.from({ length: PINGS }, (_, i) => [i + 2, 0])]);
    expect(log.pings[0]!.body).toBe(Buffer.from("small").toString("base64"));
    expect(log.pings.slice(1).every((ping) => ping.body === null)).toBe(true);
  });

  it("gives the client every ping, the pings of one body sharing one string", async () => {
    for (const client of [inProcessClient(fake), new FakeServerClient({ url: server.url })]) {
      const pings: PingState[] = await client.pings(uuid);
      expect(pings).toHaveLength(PINGS + 1);
      expect(pings[1]!.body!.length).toBe(Math.ceil(BODY_BYTES / 3) * 4);
      expect(pings.slice(1).every((ping) => ping.body === pings[1]!.body && !("sharedBody" in ping))).toBe(true);
      expect(pings.map(({ body: _b, ...rest }) => rest)).toEqual(fake.pings(uuid).map(({ body: _b, ...rest }) => rest));
    }
  });

  it("exports the state over HTTP, a shared body written once", async () => {
    const response = await fetch(`${server.url}/__fake/state`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeLessThan(BODY_BYTES * 1.4);
    const state = JSON.parse(text) as FakeState;
    expect(state.bodies).toHaveLength(1);
    expect(state.checks[0]!.pings.filter((ping) => ping.sharedBody === 0)).toHaveLength(PINGS);
    const copy = new FakeServer();
    copy.importState(state);
    expect(copy.pings(uuid)).toEqual(fake.pings(uuid));
  });

  it("refuses the inline ping log past the limit with 409 and says what to ask for", async () => {
    expect(PINGS * Math.ceil(BODY_BYTES / 3) * 4).toBeGreaterThan(CONTROL_ANSWER_MAX_CHARS);
    for (const path of [`/__fake/checks/${uuid}/pings`, `/__fake/checks/${uuid}/pings?bodies=inline`]) {
      const response = await fake.handle(new Request(BASE + path));
      expect(response.status).toBe(409);
      const { error } = (await response.json()) as { error: string };
      expect(error).toMatch(/^the ping log is longer than a control answer may be \(its bodies alone take \d+ characters; the limit is \d+ characters\): ask for bodies=shared/);
      expect(error).not.toContain(uuid);
    }
    const over = await fetch(`${server.url}/__fake/checks/${uuid}/pings`);
    expect(over.status).toBe(409);
  });

  it("keeps the newest pings with limit, inline within the limit", async () => {
    const response = await fake.handle(new Request(`${BASE}/__fake/checks/${uuid}/pings?limit=2`));
    expect(response.status).toBe(200);
    const pings = (await response.json()) as PingState[];
    expect(pings.map((ping) => ping.n)).toEqual([PINGS, PINGS + 1]);
    expect(pings[0]!.body).toBe(pings[1]!.body);
  });
});

describe("the ping log's query", () => {
  it("refuses an unknown form or parameter", async () => {
    const fake = new FakeServer();
    const check = fake.createCheck(fake.createProject().id);
    for (const [query, message] of [
      ["bodies=base64", 'bodies must be "shared" or "inline"'],
      ["limit=0", "limit must be a whole number from 1 to 999999999"],
      ["since=1", "unknown query parameter: since (the parameters: bodies, limit)"],
    ]) {
      const response = await fake.handle(new Request(`${BASE}/__fake/checks/${check.uuid}/pings?${query}`));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    }
  });

  it("writes inline a body only one ping holds, in either form", async () => {
    const fake = new FakeServer();
    const check = fake.createCheck(fake.createProject().id);
    await fake.handle(new Request(check.ping_url!, { method: "POST", body: "one" }));
    await fake.handle(new Request(check.ping_url!, { method: "POST", body: "two" }));
    const shared = (await (await fake.handle(new Request(`${BASE}/__fake/checks/${check.uuid}/pings?bodies=shared`))).json()) as SharedPingLog;
    expect(shared).toEqual({ pings: fake.pings(check.uuid!), bodies: [] });
  });
});
