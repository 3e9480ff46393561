/**
 * `createClient` with callback options compiles under `strict`, the
 * callbacks' parameters typed from the options (as with `new ChecksClient`),
 * and the key still picks the client type. `npm run typecheck` compiles this
 * file: an implicit `any` (TS7006) fails it before any test runs.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  ChecksClient,
  createClient,
  ReadOnlyChecksClient,
  type DebugEvent,
  type FetchLike,
} from "../src/index.js";
import { createClient as createFetchClient, ChecksClient as FetchChecksClient } from "../src/fetch.js";

const noFetch: FetchLike = () => Promise.reject(new Error("not sent"));

describe("createClient with callback options", () => {
  it("types debug's event and fetch's arguments from the options", () => {
    const events: string[] = [];
    const client = createClient({
      apiKey: "hcw_0123456789abcdefghijklmnopqr",
      debug: (event) => {
        expectTypeOf(event).toEqualTypeOf<DebugEvent>();
        events.push(event.type);
      },
      fetch: (url, init) => {
        expectTypeOf(url).toEqualTypeOf<Parameters<FetchLike>[0]>();
        expectTypeOf(init).toEqualTypeOf<Parameters<FetchLike>[1]>();
        return noFetch(url, init);
      },
    });
    expectTypeOf(client).toEqualTypeOf<ChecksClient>();
    expect(client).toBeInstanceOf(ChecksClient);
  });

  it("keeps picking the type from the key and keyKind", () => {
    const board = createClient({ apiKey: "hcr_0123456789abcdefghijklmnopqr", debug: (event) => void event.operation });
    expectTypeOf(board).toEqualTypeOf<ReadOnlyChecksClient>();
    const legacy = createClient({ apiKey: "0123456789abcdefghijklmnopqrstuv", keyKind: "read-only", fetch: (url, init) => noFetch(url, init) });
    expectTypeOf(legacy).toEqualTypeOf<ReadOnlyChecksClient>();
    // A key whose kind neither its type nor keyKind tells: either class (and at run time a TypeError).
    const either = () => createClient({ apiKey: String(process.pid).padEnd(32, "x"), debug: () => undefined });
    expectTypeOf<ReturnType<typeof either>>().toEqualTypeOf<ChecksClient | ReadOnlyChecksClient>();
    expect(either).toThrow(TypeError);
  });

  it("does the same in the fetch entry", () => {
    const client = createFetchClient({ apiKey: "hcw_0123456789abcdefghijklmnopqr", fetch: (url, init) => noFetch(url, init), debug: (event) => void event.type });
    expectTypeOf(client).toEqualTypeOf<FetchChecksClient>();
  });
});
