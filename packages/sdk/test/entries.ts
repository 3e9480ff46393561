import { FakeServer, type FakeServerOptions } from "@checks-api/fake-server";
import * as fetchEntry from "../src/fetch.js";
import * as nodeEntry from "../src/index.js";
import { FAKE_BASE, FAST } from "./fake-helpers.js";

/** Both entry points, each with clients over a fake: the Node entry through its dispatcher, the fetch entry through `handle()`. */
export const ENTRIES = [
  {
    name: "@checks-api/sdk",
    sdk: nodeEntry as typeof fetchEntry,
    transport: (fake: FakeServer) => ({ dispatcher: fake.dispatcher() }),
  },
  {
    name: "@checks-api/sdk/fetch",
    sdk: fetchEntry,
    transport: (fake: FakeServer) => ({ fetch: (url: string, init: RequestInit) => fake.handle(new Request(url, init)) }),
  },
] as const;

/** An entry's read-write and ping clients over a fresh fake with one project. */
export function setupEntry(entry: (typeof ENTRIES)[number], options: FakeServerOptions = {}) {
  const fake = new FakeServer({ baseUrl: FAKE_BASE, ...options });
  const project = fake.createProject();
  const common = { baseUrl: FAKE_BASE, ...FAST, ...entry.transport(fake) };
  return {
    fake,
    project,
    client: new entry.sdk.ChecksClient({ apiKey: project.readWriteKey as string, ...common }),
    pings: new entry.sdk.PingClient(common),
  };
}
