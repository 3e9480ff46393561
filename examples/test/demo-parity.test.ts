// The CLI's --demo and the examples' in-process demo are one demo: the same
// integrations, the same checks with the same settings, in the same states.
import { FakeServer, type ProjectInfo } from "@checks-api/fake-server";
import { expect, it } from "vitest";
import { createDemo } from "../../packages/fake-server/src/cli/demo.js";
import { DEMO_NOW, startDemo } from "../support/demo.js";

/** The project's integrations and checks as the API shows them, ids replaced by names. */
async function contents(fake: FakeServer, project: ProjectInfo) {
  const get = async (path: string) =>
    (await fake.handle(new Request(`${fake.options.baseUrl}/api/v3/${path}`, { headers: { "X-Api-Key": project.readWriteKey! } }))).json();
  const { channels } = (await get("channels/")) as { channels: { id: string; name: string; kind: string }[] };
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  const { checks } = (await get("checks/")) as { checks: Record<string, unknown>[] };
  return {
    channels: channels.map(({ name, kind }) => ({ name, kind })),
    checks: checks.map(({ name, slug, tags, timeout, schedule, tz, grace, status, started, channels: ids }) => ({
      name, slug, tags, timeout, schedule, tz, grace, status, started,
      channels: String(ids).split(",").filter(Boolean).map((id) => names.get(id)).sort(),
    })),
  };
}

it("the CLI demo holds the examples' demo: same integrations, checks, settings and states", async () => {
  const examples = await startDemo();
  const cli = new FakeServer({ compat: "live", clock: { start: DEMO_NOW.getTime() } });
  const { project } = await createDemo(cli);
  const expected = await contents(examples.fake, examples.project);
  expect(expected.checks).toHaveLength(6);
  expect(new Set(expected.checks.map((check) => check.status))).toEqual(new Set(["up", "down", "grace", "paused", "new"]));
  expect(await contents(cli, project)).toEqual(expected);
});
