import { describe, expect, it } from "vitest";
import { FakeServer } from "../src/index.js";
import { RENDER_LIMIT_ERROR, RENDERED_ALERT_MAX_LENGTH } from "../src/model/notify/limits.js";
import { call } from "./helpers.js";
import { webhook } from "./notify-helpers.js";

const HOOK = "http://hooks.example";

/** A fake in `delivery` mode with one webhook rendering `body` on a check with a `descLength`-character description, after its failure. */
async function failed(body: string, descLength: number, notifications: ConstructorParameters<typeof FakeServer>[0] = {}) {
  const caught: string[] = [];
  const fake = new FakeServer({
    ...notifications,
    notifications: { fetch: async (request) => (caught.push(request.url), new Response("ok")), ...notifications.notifications },
  });
  const project = fake.createProject();
  const channel = fake.addChannel(project.id, { kind: "webhook", name: "hook", value: webhook({ url: `${HOOK}/down`, body }) });
  const uuid = fake.createCheck(project.id, { name: "big", desc: "d".repeat(descLength), channels: "*" }).ping_url!.split("/").pop()!;
  await fake.handle(new Request(`http://localhost:8000/ping/${uuid}/fail`));
  await fake.settled();
  return { fake, project, channel, caught };
}

describe("what one delivery may render", () => {
  it("a template that expands past the limit sends nothing, records the error, and leaves the outbox readable", async () => {
    const { fake, project, caught } = await failed("$JSON".repeat(74), 500_000);
    expect(caught).toEqual([]);
    const [record] = fake.notifications();
    expect(record).toMatchObject({ channel: { name: "hook" }, error: RENDER_LIMIT_ERROR, requests: [] });
    expect(fake.channels(project.id)[0]!.lastError).toBe(RENDER_LIMIT_ERROR);
    const listed = await call(fake, "GET", "/__fake/notifications");
    expect(listed.status).toBe(200);
    expect(listed.json).toHaveLength(1);
  });

  it("an alert just under the limit is sent whole", async () => {
    const { fake, caught } = await failed("$JSON", RENDERED_ALERT_MAX_LENGTH - 2_000);
    expect(caught).toEqual([`${HOOK}/down`]);
    const [record] = fake.notifications();
    expect(record!.error).toBe("");
    expect(record!.requests[0]!.body!.length).toBeGreaterThan(RENDERED_ALERT_MAX_LENGTH - 2_000);
  });

  it("the newest record stays even when it alone is over the outbox's byte limit; older ones go", async () => {
    const { fake } = await failed("$JSON", 200_000, { notifications: { outboxByteLimit: 100_000 } });
    const uuid = fake.notifications()[0]!.check;
    await fake.handle(new Request(`http://localhost:8000/ping/${uuid}`));
    await fake.handle(new Request(`http://localhost:8000/ping/${uuid}/fail`));
    await fake.settled();
    const records = fake.notifications();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ flip: { status: "down" }, error: "" });
    expect(records[0]!.requests[0]!.body!.length).toBeGreaterThan(200_000);
    expect((await call(fake, "GET", "/__fake/notifications")).json).toHaveLength(1);
  });
});
