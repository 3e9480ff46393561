import { FakeServer } from "@checks-api/fake-server";
import { expect, it } from "vitest";

it("answers a WHATWG Request like the service", async () => {
  const fake = new FakeServer({ compat: "live" });
  const { readOnlyKey } = fake.createProject();
  const response = await fake.handle(
    new Request("http://localhost:8000/api/v3/checks/", { method: "POST", headers: { "X-Api-Key": readOnlyKey! } }),
  );
  expect(response.status).toBe(401); // a read-only key on a write endpoint
  expect(await response.json()).toEqual({ error: "wrong api key" });
});
