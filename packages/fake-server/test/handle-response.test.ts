import { describe, expect, it } from "vitest";
import { FakeServer } from "../src/index.js";

// `handle()` answers with a plain `Response`: a runtime's own server (Deno.serve, Bun.serve) reads it through the
// `Response` internals, which a look-alike subclass does not fill.
describe("handle() answers with a Response", () => {
  const fake = new FakeServer({ seed: 1 });
  const project = fake.createProject();
  const key = { "X-Api-Key": project.readWriteKey! };
  const uuid = fake.createCheck(project.id, { name: "backups" }).ping_url!.split("/").pop()!;
  const url = (path: string): string => `${fake.options.baseUrl}${path}`;

  it("of the Response class itself, readable through Response.prototype", async () => {
    const response = await fake.handle(new Request(url("/api/v3/checks/"), { headers: key }));
    expect(response.constructor).toBe(Response);
    expect(Object.getPrototypeOf(response)).toBe(Response.prototype);
    const text = await Response.prototype.text.call(response);
    expect(JSON.parse(text).checks[0].name).toBe("backups");
  });

  it("whose body is a stream a server can pipe, for text and byte bodies alike", async () => {
    for (const path of ["/api/v3/checks/", `/ping/${uuid}`, "/badge/nothing.svg"]) {
      const response = await fake.handle(new Request(url(path), { headers: key }));
      const streamed = await new Response(response.clone().body).text();
      expect(streamed.length).toBeGreaterThan(0);
      expect(streamed).toBe(await response.text());
    }
  });

  it("with bytes of its own: changing what one answer gave changes no later answer", async () => {
    const first = await fake.handle(new Request(url(`/api/v3/checks/${uuid}`), { headers: key }));
    const bytes = new Uint8Array(await first.arrayBuffer());
    const before = new TextDecoder().decode(bytes);
    bytes.fill(0x20);
    const second = await fake.handle(new Request(url(`/api/v3/checks/${uuid}`), { headers: key }));
    expect(await second.text()).toBe(before);
  });

  it("a dropped connection is Response.error(), an answer without a body has a null body", async () => {
    fake.inject({ operation: "getCheck", drop: true });
    const dropped = await fake.handle(new Request(url(`/api/v3/checks/${uuid}`), { headers: key }));
    expect(dropped.type).toBe("error");
    const options = await fake.handle(new Request(url("/api/v3/checks/"), { method: "OPTIONS", headers: { Origin: "https://a.example" } }));
    expect(options.constructor).toBe(Response);
  });
});
