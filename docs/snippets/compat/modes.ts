import { strict as assert } from "node:assert";
import { FakeServer } from "@checks-api/fake-server";
import { checkUuid, ChecksClient } from "@checks-api/sdk";

async function flipsIn(compat: "seed" | "live") {
  const fake = new FakeServer({ compat });
  const project = fake.createProject();
  const uuid = checkUuid(fake.createCheck(project.id, { timeout: 60, grace: 60 }));
  const headers = { "X-Api-Key": project.readWriteKey! };
  const ping = () => fake.handle(new Request(`http://localhost:8000/ping/${uuid}`));
  await ping(); // new → up
  fake.clock.advance(3 * 60_000); // up → down: no ping within timeout and grace
  await ping(); // down → up
  await fake.handle(new Request(`http://localhost:8000/api/v3/checks/${uuid}/pause`, { method: "POST", headers }));
  const raw = await fake.handle(new Request(`http://localhost:8000/api/v3/checks/${uuid}/flips/`, { headers }));
  const client = new ChecksClient({ apiKey: project.readWriteKey!, baseUrl: fake.options.baseUrl, dispatcher: fake.dispatcher() });
  return { body: await raw.json(), flips: await client.flips.list(uuid) };
}

// Seed: a bare array with the up/down changes only. Live: {"flips": [...]},
// also with the first ping (new → up) and the pause (listed as up: 0).
const seed = await flipsIn("seed");
const live = await flipsIn("live");
assert.ok(Array.isArray(seed.body));
assert.ok("flips" in live.body);
// The SDK returns a plain list either way, newest first.
assert.deepEqual(seed.flips.map((flip) => flip.up), [1, 0]);
assert.deepEqual(live.flips.map((flip) => flip.up), [0, 1, 0, 1]);
