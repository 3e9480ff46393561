import { strict as assert } from "node:assert";
import { FakeServer } from "@checks-api/fake-server";
import { checkUuid, ChecksClient } from "@checks-api/sdk";

async function flipsIn(compat: "seed" | "live") {
  const fake = new FakeServer({ compat });
  const project = fake.createProject();
  const uuid = checkUuid(fake.createCheck(project.id, { timeout: 60, grace: 60 }));
  const headers = { "X-Api-Key": project.readWriteKey! };
  await fake.handle(new Request(`http://localhost:8000/ping/${uuid}`));
  await fake.handle(new Request(`http://localhost:8000/api/v3/checks/${uuid}/pause`, { method: "POST", headers }));
  const raw = await fake.handle(new Request(`http://localhost:8000/api/v3/checks/${uuid}/flips/`, { headers }));
  const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() });
  return { body: await raw.json(), flips: await client.flips.list(uuid) };
}

// Seed: a bare array with up/down flips only. Live: {"flips": [...]}, with the pause listed as up: 0.
const seed = await flipsIn("seed");
const live = await flipsIn("live");
assert.ok(Array.isArray(seed.body));
assert.ok("flips" in live.body);
// The SDK returns a plain list either way.
assert.deepEqual(seed.flips.map((flip) => flip.up), [1]);
assert.deepEqual(live.flips.map((flip) => flip.up), [0, 1]);
