import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ENTRIES, setupEntry } from "./entries.js";
import { FAKE_BASE, MODES } from "./fake-helpers.js";

describe.each(ENTRIES)("monitor() through $name", (entry) => {
  const { BadRequestError, PingNotRecordedError } = entry.sdk;

  it("never reports what the job returns: a number is a result, not an exit status", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "returns a count" })).uuid;
    expect(await client.monitor(uuid, () => 12)).toBe(12);
    expect(await client.monitor(uuid, async () => 0)).toBe(0);
    const log = await client.pings.list(uuid);
    expect(log.map((p) => p.type)).toEqual(["success", "start", "success", "start"]);
    expect((await client.checks.get(uuid)).status).toBe("up");
  });

  it("sends the exit status the job sets, with the run id of the start signal", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "exit status" })).uuid;
    let rid = "";
    await client.monitor(uuid, (run) => {
      rid = run.rid;
      run.exitStatus(3);
      return "ran";
    });
    await client.monitor(uuid, (run) => run.exitStatus(0));
    const log = await client.pings.list(uuid);
    expect(log.map((p) => p.type)).toEqual(["success", "start", "fail", "start"]);
    expect(log[2]?.rid).toBe(rid);
    expect(log[3]?.rid).toBe(rid);
    const error = await client.monitor(uuid, (run) => run.exitStatus(256)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ errorText: "exit status must be an integer from 0 to 255" });
    await expect(client.ping(uuid).exitStatus(-1)).rejects.toThrow("exit status must be an integer from 0 to 255");
  });

  it("reports a throwing job as a failure with the error text after the log, and rethrows", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "throws" })).uuid;
    const boom = new Error("disk full");
    await expect(
      client.monitor(uuid, (run) => {
        run.log("copying");
        throw boom;
      }),
    ).rejects.toBe(boom);
    const body = await client.pings.body(uuid, 2);
    expect(body.startsWith("copying\nError: disk full")).toBe(true);
    // The error text starts on a line of its own after output without a final line break.
    await expect(
      client.monitor(uuid, async (run) => {
        await run.capture(Readable.from(["50% done"]));
        throw "stopped";
      }),
    ).rejects.toBe("stopped");
    expect(await client.pings.body(uuid, 4)).toBe("50% done\nstopped");
  });

  it("sends the job's log lines and captured output as the body of the success signal", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "logs" })).uuid;
    await client.monitor(uuid, async (run) => {
      run.log("backup started");
      await run.capture(Readable.from([Buffer.from("file 1\n"), "file 2\n"]));
      run.log("backup done\n");
    });
    expect(await client.pings.body(uuid, 2)).toBe("backup started\nfile 1\nfile 2\nbackup done\n");
  });

  it("refuses a captured chunk that is neither text nor bytes without losing the log or the finish signal", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "object stream" })).uuid;
    async function* chunks(...items: unknown[]) {
      yield* items;
    }
    const errors: unknown[] = [];
    const outcome = await client.monitor(
      uuid,
      async (run) => {
        run.log("before");
        await run.capture(chunks(new Uint16Array([0x4241, 0x4443]), new Uint8Array([0x45, 0x46, 0x0a]).buffer) as AsyncIterable<Uint8Array>);
        const refused = await run.capture(chunks({ row: 1 }) as AsyncIterable<string>).catch((error: unknown) => error);
        run.log("after");
        return refused;
      },
      { onPingError: (error) => errors.push(error) },
    );
    expect(outcome).toEqual(new TypeError("capture() takes a stream of text or bytes, not of object"));
    expect(errors).toEqual([]);
    expect(await client.pings.body(uuid, 2)).toBe("before\nABCDEF\nafter\n");
  });

  it("waits for captured output that is still arriving when the job returns", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "late output" })).uuid;
    async function* slow() {
      await new Promise((resolve) => setTimeout(resolve, 5));
      yield "late line\n";
    }
    await client.monitor(uuid, (run) => {
      void run.capture(slow());
    });
    expect(await client.pings.body(uuid, 2)).toBe("late line\n");
  });

  it("keeps the tail of a long log: the service's limit, and the documented default before it announced one", async () => {
    const { client } = setupEntry(entry, { pingBodyLimit: 20 });
    const uuid = (await client.checks.create({ name: "long log" })).uuid;
    await client.monitor(uuid, (run) => {
      for (let i = 0; i < 1000; i++) run.log(`line ${i}`);
    });
    expect(await client.pings.body(uuid, 2)).toBe("7\nline 998\nline 999\n"); // the last 20 bytes

    // A fresh client has not heard the limit yet: it sends at most the default 10,000 bytes, the tail.
    const large = setupEntry(entry);
    const id = (await large.client.checks.create({})).uuid;
    const body = `${"x".repeat(20_000)}THE END`;
    expect(await large.pings.ping(id).fail({ body })).toMatchObject({ bodyTrimmed: true });
    const kept = await large.client.pings.body(id, 1);
    expect(kept.length).toBe(10_000);
    expect(kept.endsWith("THE END")).toBe(true);
  });

  it("keeps only logLimit bytes of log in memory, and refuses a limit that is not a positive integer", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "bounded" })).uuid;
    await client.monitor(
      uuid,
      (run) => {
        run.log("x".repeat(1_000_000));
        run.log("tail");
      },
      { logLimit: 8 },
    );
    expect(await client.pings.body(uuid, 2)).toBe("xx\ntail\n"); // the last 8 bytes
    await expect(client.monitor(uuid, () => undefined, { logLimit: 0 })).rejects.toBeInstanceOf(RangeError);
  });

  it("given an aborted signal, rejects with its reason without sending anything or running the job", async () => {
    const { client, fake } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "cancelled" })).uuid;
    const sent = fake.journal().length;
    const reason = new Error("shutting down");
    let ran = false;
    const onPingError = () => expect.unreachable("an aborted monitor() reports no ping error");
    const job = () => {
      ran = true;
    };
    await expect(client.monitor(uuid, job, { signal: AbortSignal.abort(reason), onPingError })).rejects.toBe(reason);
    expect(ran).toBe(false);
    expect(fake.journal().length).toBe(sent);
  });

  it("does not start the job when the signal aborts while the start signal is on its way", async () => {
    const { client, fake } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "cancelled on start" })).uuid;
    const controller = new AbortController();
    const reason = new Error("shutting down");
    const pings = new entry.sdk.PingClient({
      baseUrl: FAKE_BASE,
      ...entry.transport(fake),
      debug: (event) => {
        if (event.type === "request") controller.abort(reason);
      },
    });
    let ran = false;
    const onPingError = () => expect.unreachable("an aborted monitor() reports no ping error");
    const job = () => {
      ran = true;
    };
    await expect(pings.monitor(uuid, job, { signal: controller.signal, onPingError })).rejects.toBe(reason);
    expect(ran).toBe(false);
  });

  it("finishes a job the signal aborts while it runs, returns its result and reports the finish signal as not sent", async () => {
    const { client } = setupEntry(entry);
    const uuid = (await client.checks.create({ name: "cancelled while running" })).uuid;
    const controller = new AbortController();
    const reason = new Error("shutting down");
    const seen: Array<[string, unknown]> = [];
    const result = await client.monitor(
      uuid,
      () => {
        controller.abort(reason);
        return "ran";
      },
      { signal: controller.signal, onPingError: (error, signal) => seen.push([signal, error]) },
    );
    expect(result).toBe("ran");
    expect(seen).toEqual([["finish", reason]]);
    expect((await client.pings.list(uuid)).map((p) => p.type)).toEqual(["start"]);
  });

  it("tells onPingError about every signal not recorded: unknown check, ambiguous slug, unreachable service", async () => {
    const { client, project } = setupEntry(entry);
    const seen: Array<[string, string]> = [];
    const onPingError = (error: unknown, signal: "start" | "finish") => {
      expect(error).toBeInstanceOf(entry.sdk.ChecksApiError);
      seen.push([signal, error instanceof PingNotRecordedError ? error.outcome : (error as Error).name]);
    };
    expect(await client.monitor("00000000-0000-4000-8000-000000000000", () => "ran", { onPingError })).toBe("ran");
    await client.checks.create({ name: "a", slug: "twin" });
    await client.checks.create({ name: "b", slug: "twin" });
    await client.monitor({ pingKey: project.pingKey, slug: "twin" }, () => undefined, { onPingError });
    expect(seen).toEqual([
      ["start", "not-found"],
      ["finish", "not-found"],
      ["start", "ambiguous"],
      ["finish", "ambiguous"],
    ]);
    const unreachable = new entry.sdk.PingClient({
      pingEndpoint: "http://127.0.0.1:9/ping/",
      maxRetries: 0,
      fetch: async () => {
        throw Object.assign(new Error("refused"), { code: "ECONNREFUSED" });
      },
    });
    seen.length = 0;
    expect(await unreachable.monitor("00000000-0000-4000-8000-000000000000", () => 42, { onPingError })).toBe(42);
    expect(seen).toEqual([
      ["start", "ConnectionError"],
      ["finish", "ConnectionError"],
    ]);
  });

  it.each(MODES)(
    "tells onPingError once per signal about answers that did not record it: a qualified OK, a 429, a dropped connection (%s)",
    async (compat) => {
      const { client, fake } = setupEntry(entry, { compat });
      const uuid = (await client.checks.create({ name: "hosted answers" })).uuid;
      const cases = [
        [{ status: 200, body: "OK (not found)" }, "PingNotRecordedError not-found"],
        [{ status: 200, body: "OK (rate limited)" }, "PingNotRecordedError rate-limited"],
        [{ status: 200, body: "OK (resting)" }, "PingNotRecordedError ignored"],
        [{ status: 429, headers: { "Retry-After": "1" } }, "RateLimitError"],
        [{ drop: true }, "ConnectionError"],
      ] as const;
      for (const [fault, expected] of cases) {
        fake.inject({ operation: "ping", times: Infinity, ...fault });
        const seen: string[] = [];
        const result = await client.monitor(uuid, () => "ran", {
          onPingError: (error, signal) => {
            const { name, message, errorText } = error as InstanceType<typeof entry.sdk.ChecksApiError>;
            expect(`${message} ${errorText ?? ""}`).not.toContain(uuid);
            seen.push(`${signal} ${name}${error instanceof PingNotRecordedError ? ` ${error.outcome}` : ""}`);
          },
        });
        fake.clearFaults();
        expect(result, expected).toBe("ran");
        expect(seen, expected).toEqual([`start ${expected}`, `finish ${expected}`]);
      }
    },
  );
});
