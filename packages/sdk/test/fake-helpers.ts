import { FakeServer, type FakeServerOptions } from "@checks-api/fake-server";
import { ChecksClient, PingClient, ReadOnlyChecksClient, type ClientOptions } from "../src/index.js";

/** The fake's default site root; clients over its dispatcher address it. */
export const FAKE_BASE = "http://localhost:8000";

/** Options that keep retries instantaneous in tests. */
export const FAST: ClientOptions = { retry: { initialDelayMs: 1, maxDelayMs: 2, retryAfterScale: 0.001 } };

/** A fake with one project, and clients of every kind over its in-process dispatcher. */
export function setupFake(options: FakeServerOptions = {}, client: ClientOptions = {}) {
  const fake = new FakeServer({ baseUrl: FAKE_BASE, ...options });
  const project = fake.createProject();
  const dispatcher = fake.dispatcher();
  const common = { baseUrl: FAKE_BASE, dispatcher, ...FAST, ...client };
  return {
    fake,
    project,
    dispatcher,
    client: new ChecksClient({ apiKey: project.readWriteKey as string, ...common }),
    readOnly: new ReadOnlyChecksClient({ apiKey: project.readOnlyKey as string, ...common }),
    pings: new PingClient(common),
  };
}

/** Both compat modes, for `describe.each`. */
export const MODES = ["seed", "live"] as const;
