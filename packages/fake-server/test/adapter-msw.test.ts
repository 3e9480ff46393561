import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { mswHandlers } from "../src/adapters/msw.js";

// A real server on another origin: requests to it must pass through msw untouched.
let outside: Server;
let outsideUrl = "";
const fake = new FakeServer();
let key: Record<string, string> = {};
const mocks = setupServer(
  ...mswHandlers(fake),
  ...mswHandlers(fake, { baseUrl: "https://hc.example.test/monitoring/" }),
);

beforeAll(async () => {
  outside = createServer((_req, res) => res.end("outside"));
  await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
  outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
  mocks.listen({ onUnhandledRequest: "bypass" });
  mocks.use(...mswHandlers(fake, { baseUrl: `${outsideUrl}/hc` }));
});
beforeEach(() => {
  fake.reset();
  key = { "X-Api-Key": fake.createProject().readWriteKey ?? "" };
});
afterAll(async () => {
  mocks.close();
  await new Promise((resolve) => outside.close(resolve));
});

describe("mswHandlers()", () => {
  it("serves the fake at its own base URL", async () => {
    const response = await fetch("http://localhost:8000/api/v3/checks/", { headers: key });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ checks: [] });
  });

  it("serves any base URL, sub-path included, rewriting it onto the fake's own paths", async () => {
    const created = await fetch("https://hc.example.test/monitoring/api/v3/checks/", {
      method: "POST",
      headers: key,
      body: JSON.stringify({ name: "nightly", timeout: 3600 }),
    });
    expect(created.status).toBe(201);
    const check = (await created.json()) as { update_url: string };
    const uuid = check.update_url.split("/").pop() ?? "";

    const ping = await fetch(`https://hc.example.test/monitoring/ping/${uuid}/fail`, { method: "POST", body: "exit 3" });
    expect(await ping.text()).toBe("OK");
    const got = await fetch(`https://hc.example.test/monitoring/api/v3/checks/${uuid}`, { headers: key });
    expect(((await got.json()) as { status: string }).status).toBe("down");
    expect(fake.journal().map((entry) => `${entry.method} ${entry.path}`)).toContain("POST /ping/***/fail");
  });

  it("leaves other origins and paths outside the base path alone", async () => {
    expect(await (await fetch(`${outsideUrl}/api/v3/checks/`)).text()).toBe("outside");
    expect(await (await fetch(`${outsideUrl}/hcx/api/v3/checks/`)).text()).toBe("outside");
    expect(fake.journal()).toHaveLength(0);
    expect((await fetch(`${outsideUrl}/hc/api/v3/checks/`, { headers: key })).status).toBe(200);
    expect(fake.journal()).toHaveLength(1);
  });

  it("turns a dropped connection into a network error", async () => {
    fake.inject({ operation: "listChecks", drop: true });
    await expect(fetch("http://localhost:8000/api/v3/checks/", { headers: key })).rejects.toThrow(TypeError);
    expect((await fetch("http://localhost:8000/api/v3/checks/", { headers: key })).status).toBe(200);
  });
});
