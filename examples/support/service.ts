/**
 * Where the examples send their requests: the real service named by the
 * environment, or else the in-process demo fake (see `demo.ts`).
 *
 * | variable | meaning |
 * |---|---|
 * | `CHECKS_API_URL` | site root of the service, e.g. `https://healthchecks.io` |
 * | `CHECKS_API_KEY` | the project's read-write API key |
 * | `CHECKS_API_READONLY_KEY` | the project's read-only API key (status board) |
 * | `CHECKS_PING_ENDPOINT` | ping endpoint, default `{CHECKS_API_URL}/ping/` |
 * | `CHECKS_PING_KEY` | the project's ping key (pings by slug) |
 * @module
 */
import {
  ChecksClient,
  createClient,
  PingClient,
  type ClientOptions,
  type NodeTransportOptions,
  type ReadOnlyChecksClient,
} from "@checks-api/sdk";
import { startDemo } from "./demo.js";

/** A client and the clock that goes with the service it talks to. */
export interface Service<C> {
  /** The client. */
  client: C;
  /** The service's current time (the fake's virtual clock, or the real time). */
  now(): Date;
  /** What the client talks to, for the first line of output. */
  where: string;
}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`CHECKS_API_URL is set, so ${name} must be set too`);
  return value;
}

function realOptions(env: Env): ClientOptions {
  const baseUrl = env.CHECKS_API_URL ?? "";
  return env.CHECKS_PING_ENDPOINT ? { baseUrl, pingEndpoint: env.CHECKS_PING_ENDPOINT } : { baseUrl };
}

/** What to reach: the real service when `CHECKS_API_URL` is set, else a fresh demo fake. */
async function target(env: Env): Promise<{ options: ClientOptions & NodeTransportOptions; keys?: Env; now(): Date; where: string }> {
  if (env.CHECKS_API_URL) return { options: realOptions(env), now: () => new Date(), where: env.CHECKS_API_URL };
  const { fake, project, clientOptions } = await startDemo();
  return {
    options: clientOptions,
    keys: {
      CHECKS_API_KEY: project.readWriteKey ?? undefined,
      CHECKS_API_READONLY_KEY: project.readOnlyKey ?? undefined,
      CHECKS_PING_KEY: project.pingKey,
    },
    now: () => fake.clock.now(),
    where: "an in-process demo fake (CHECKS_API_URL is not set)",
  };
}

/** A read-write client: `CHECKS_API_KEY` at `CHECKS_API_URL`, or the demo project. */
export async function connect(env: Env): Promise<Service<ChecksClient>> {
  const { options, keys = env, now, where } = await target(env);
  return { client: new ChecksClient({ apiKey: required(keys, "CHECKS_API_KEY"), ...options }), now, where };
}

/** A read-only client: `CHECKS_API_READONLY_KEY` at `CHECKS_API_URL`, or the demo project's. */
export async function connectReadOnly(env: Env): Promise<Service<ReadOnlyChecksClient>> {
  const { options, keys = env, now, where } = await target(env);
  const apiKey = required(keys, "CHECKS_API_READONLY_KEY");
  return { client: createClient({ apiKey, keyKind: "read-only", ...options }), now, where };
}

/** What the ping examples need: a ping client, the project's ping key, and a management client when a key is known. */
export interface PingService extends Service<PingClient> {
  /** The project's ping key (`CHECKS_PING_KEY`). */
  pingKey: string;
  /** A read-write client for reading the ping log, when `CHECKS_API_KEY` is set (always with the demo). */
  api: ChecksClient | undefined;
}

/** A ping client for `CHECKS_PING_ENDPOINT` (or `CHECKS_API_URL`) and `CHECKS_PING_KEY`, or for the demo project. */
export async function connectPings(env: Env): Promise<PingService> {
  const { options, keys = env, now, where } = await target(env);
  const apiKey = keys.CHECKS_API_KEY;
  return {
    client: new PingClient(options),
    pingKey: required(keys, "CHECKS_PING_KEY"),
    api: apiKey ? new ChecksClient({ apiKey, ...options }) : undefined,
    now,
    where,
  };
}
