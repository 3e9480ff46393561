/**
 * The remote-control snippet of the testing guide, run as a reader runs it:
 * against a fake server listening on its own (CHECKS_FAKE_URL), which the
 * snippet resets and drives over HTTP. A file of its own: the other
 * snippets' msw server would take its requests.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { FakeServer, listen } from "@checks-api/fake-server";
import { expect, it, vi } from "vitest";
import { SNIPPETS_DIR } from "../scripts/snippets.js";

it("runs testing/remote-control.ts: the check it pinged is down two hours later", async () => {
  const remote = await listen(new FakeServer(), { port: 0 });
  const saved = process.env.CHECKS_FAKE_URL;
  process.env.CHECKS_FAKE_URL = remote.url;
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  try {
    await import(pathToFileURL(join(SNIPPETS_DIR, "testing/remote-control.ts")).href);
    expect(log.mock.calls[0]).toEqual([["backups: down"]]);
    expect(log.mock.calls[1]![0]).toEqual(expect.arrayContaining([expect.objectContaining({ operation: "ping" })]));
  } finally {
    if (saved === undefined) delete process.env.CHECKS_FAKE_URL;
    else process.env.CHECKS_FAKE_URL = saved;
    log.mockRestore();
    await remote.close();
  }
});
