/**
 * The Run buttons' routing, outside the browser: an example's requests reach
 * the in-page fakes and nothing else, as on a machine without network.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeServer } from "@checks-api/fake-server";
import { addFake, cutOtherRoutes, removeAllFakes, routedFetch } from "../runner/page/routing.js";

afterEach(removeAllFakes);

describe("the runner's fetch", () => {
  it("answers with the fake whose site the request names, the newest of those sharing one", async () => {
    const older = new FakeServer({ baseUrl: "http://fake.test" });
    const newer = new FakeServer({ baseUrl: "http://fake.test" });
    addFake(older);
    addFake(newer);
    const project = newer.createProject();
    const answer = await routedFetch("http://fake.test/api/v3/checks/", { headers: { "X-Api-Key": project.readWriteKey! } });
    expect(answer.status).toBe(200);
    await answer.text();
  });

  it.each(["https://example.com/", "http://127.0.0.1:9/", "http://fake.test.evil.example/api/v3/checks/"])(
    "fails %s as fetch fails offline, without sending it",
    async (url) => {
      addFake(new FakeServer({ baseUrl: "http://fake.test" }));
      await expect(routedFetch(url)).rejects.toThrow(TypeError);
      await expect(routedFetch(url)).rejects.toThrow(`${new URL(url).origin} is out of reach`);
    },
  );

  it("fails a fake's site once the fakes are forgotten", async () => {
    addFake(new FakeServer({ baseUrl: "http://fake.test" }));
    removeAllFakes();
    await expect(routedFetch("http://fake.test/api/v3/checks/")).rejects.toThrow("http://fake.test is out of reach");
  });

  it("still reads data: URLs, which hold their bytes", async () => {
    expect(await (await routedFetch("data:text/plain,local")).text()).toBe("local");
  });

  it("leaves no other way out: XMLHttpRequest, WebSocket, EventSource throw", () => {
    const saved = Object.fromEntries(["XMLHttpRequest", "WebSocket", "EventSource"].map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
    try {
      (globalThis as Record<string, unknown>).XMLHttpRequest = class {};
      (globalThis as Record<string, unknown>).EventSource = class {};
      cutOtherRoutes();
      for (const name of ["XMLHttpRequest", "WebSocket", "EventSource"]) {
        const Route = (globalThis as Record<string, unknown>)[name] as (new (url: string) => unknown) | undefined;
        if (Route) expect(() => new Route("https://example.com/"), name).toThrow(`${name} is out of reach`);
      }
    } finally {
      for (const [name, descriptor] of Object.entries(saved)) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete (globalThis as Record<string, unknown>)[name];
      }
    }
  });
});
