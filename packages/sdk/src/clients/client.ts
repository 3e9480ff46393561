/**
 * What the clients of both entries share: {@link ChecksClientBase}
 * (read-write key), {@link ReadOnlyChecksClientBase} (read-only key) and
 * {@link PingClientBase} (no key). Each entry's `ChecksClient`,
 * `ReadOnlyChecksClient` and `PingClient` extend them with its default
 * transport (undici in Node, `fetch` elsewhere); the classes here are one
 * copy for both entries, so `instanceof` works across them.
 * @module
 */
import { READ_ONLY_KEY_PREFIX, READ_WRITE_KEY_PREFIX, type ReadOnlyCheck } from "@checks-api/schema/lite";
import { ApiContext } from "../core/context.js";
import { API_KEY_ENV, optionOrEnv } from "../core/env.js";
import { checkHeaderValue } from "../core/headers.js";
import { monitor, type MonitorOptions, type MonitorRun } from "../ping/monitor.js";
import { resolveConfig, type ClientOptions, type ResolvedConfig } from "../core/options.js";
import { PingHandle, PingSender, type PingTarget } from "../ping/ping.js";
import { Badges } from "../resources/badges.js";
import { Channels } from "../resources/channels.js";
import { Checks, ReadOnlyChecks } from "../resources/checks.js";
import { Flips } from "../resources/flips.js";
import { Pings } from "../resources/pings.js";
import { checkUrls, uniqueKeyOf, type CheckUrls } from "../core/urls.js";

/**
 * The kind of an API key.
 * @category Clients
 */
export type KeyKind = "read-write" | "read-only";

/**
 * Options of a management client.
 * @category Clients
 */
export interface ApiClientOptions extends ClientOptions {
  /**
   * The project's API key, sent as `X-Api-Key`. Default: the
   * `CHECKS_API_KEY` environment variable where the runtime has one; one of
   * the two is required. A key with whitespace or control characters (a
   * trailing newline from a file) is a `TypeError`.
   */
  apiKey?: string;
}

/**
 * The kind of `apiKey`: `declared` when given, else from its `hcw_`/`hcr_`
 * prefix; `undefined` when neither tells. Throws when they contradict.
 * @category Clients
 */
export function keyKindOf(apiKey: string, declared?: KeyKind): KeyKind | undefined {
  const fromPrefix: KeyKind | undefined = apiKey.startsWith(READ_ONLY_KEY_PREFIX)
    ? "read-only"
    : apiKey.startsWith(READ_WRITE_KEY_PREFIX)
      ? "read-write"
      : undefined;
  if (declared !== undefined && fromPrefix !== undefined && declared !== fromPrefix) {
    throw new TypeError(`the key's prefix says ${fromPrefix}, but keyKind says ${declared}`);
  }
  return declared ?? fromPrefix;
}

/** The API key: the option, else `CHECKS_API_KEY`; checked, never shown in a message. */
function apiKeyOf(options: ApiClientOptions | undefined): string {
  const { value: apiKey, name } = optionOrEnv(options?.apiKey, "apiKey", API_KEY_ENV);
  if (apiKey === undefined || apiKey === "") throw new TypeError(`apiKey is required (or set ${API_KEY_ENV})`);
  return checkHeaderValue(apiKey, name, true);
}

function apiConfig(options: ApiClientOptions, apiKey: string, expected: KeyKind): ResolvedConfig {
  const kind = keyKindOf(apiKey);
  if (kind !== undefined && kind !== expected) {
    const needed = kind === "read-only" ? "ReadOnlyChecksClient" : "ChecksClient";
    throw new TypeError(`this is a ${kind} key: use ${needed} (or createClient)`);
  }
  return resolveConfig(options, [apiKey]);
}

/**
 * What `ChecksClient` and `PingClient` both offer: the ping API, sent with
 * the client's own configuration.
 */
abstract class PingSignals {
  readonly #sender: PingSender;

  constructor(config: ResolvedConfig) {
    this.#sender = new PingSender(config);
  }

  /** The ping signals of a check: `client.ping(uuid).success()`, or by `{ pingKey, slug, create }`. */
  ping(target: PingTarget): PingHandle {
    return new PingHandle(this.#sender, target);
  }

  /** Runs `job` between a start and a success/failure signal with a fresh run id; see {@link monitor}. */
  monitor<T>(target: PingTarget, job: (run: MonitorRun) => T | Promise<T>, options?: MonitorOptions): Promise<T> {
    return monitor(this.#sender, target, job, options);
  }

  /**
   * The ping body limit the service announced, in bytes: `undefined` until
   * a recorded ping's answer announced a readable one (until then bodies are
   * cut to the documented 10,000 bytes), or when the service has no limit.
   */
  get pingBodyLimit(): number | undefined {
    return this.#sender.bodyLimit;
  }
}

/**
 * The members of `ChecksClient`, a client for a read-write API key: every
 * management endpoint and the ping API. Build a `ChecksClient` of your entry.
 *
 * Guides: [getting started](../../../../docs/getting-started.md), [read-write and read-only keys](../../../../docs/keys.md), [errors and retries](../../../../docs/errors-and-retries.md).
 * @category Clients
 */
export abstract class ChecksClientBase extends PingSignals {
  /** Checks: list, get, create, upsert, update, pause, resume, delete. */
  readonly checks: Checks;
  /** A check's ping log and ping bodies. */
  readonly pings: Pings;
  /** A check's status changes. */
  readonly flips: Flips;
  /** The project's integrations. */
  readonly channels: Channels;
  /** The project's badges. */
  readonly badges: Badges;

  /** @param options API key, base URL, transport and defaults */
  constructor(options: ApiClientOptions = {}) {
    const apiKey = apiKeyOf(options);
    const config = apiConfig(options, apiKey, "read-write");
    super(config);
    const context = new ApiContext(config, apiKey);
    this.checks = new Checks(context);
    this.pings = new Pings(context);
    this.flips = new Flips(context);
    this.channels = new Channels(context);
    this.badges = new Badges(context);
  }
}

/**
 * A read-only check together with the URLs its UUID gives.
 * @category Types
 */
export type ReadOnlyCheckWithUrls = ReadOnlyCheck & CheckUrls;

/**
 * The members of `ReadOnlyChecksClient`, a client for a read-only API key.
 * Its type has only what such a key may call (list/get checks, flips,
 * badges), and checks come in the read-only representation (`unique_key`, no
 * URLs, no channels). Build a `ReadOnlyChecksClient` of your entry.
 *
 * Guides: [read-write and read-only keys](../../../../docs/keys.md).
 * @category Clients
 */
export abstract class ReadOnlyChecksClientBase {
  /** Checks: list and get. */
  readonly checks: ReadOnlyChecks;
  /** A check's status changes. */
  readonly flips: Flips;
  /** The project's badges. */
  readonly badges: Badges;
  readonly #config: ResolvedConfig;

  /** @param options API key, base URL, transport and defaults */
  constructor(options: ApiClientOptions = {}) {
    const apiKey = apiKeyOf(options);
    this.#config = apiConfig(options, apiKey, "read-only");
    const context = new ApiContext(this.#config, apiKey);
    this.checks = new ReadOnlyChecks(context);
    this.flips = new Flips(context);
    this.badges = new Badges(context);
  }

  /** The URLs of the check with this UUID (ping, update, pause, resume), built for this client's service. */
  checkUrls(uuid: string): CheckUrls {
    return checkUrls(uuid, this.#config.baseUrl, this.#config.pingEndpoint);
  }

  /**
   * Adds the UUID and URLs to a read-only check, after making sure the UUID
   * is that check's (its `unique_key` derives from the UUID).
   */
  async withUrls(check: ReadOnlyCheck, uuid: string): Promise<ReadOnlyCheckWithUrls> {
    if ((await uniqueKeyOf(uuid)) !== check.unique_key) throw new TypeError("the UUID does not belong to this check");
    return { ...check, ...this.checkUrls(uuid) };
  }
}

/**
 * The members of `PingClient`, a client for the ping API alone (no API key). Build a `PingClient` of your entry.
 *
 * Guides: [the ping API and monitor()](../../../../docs/ping-api.md).
 * @category Ping API
 */
export abstract class PingClientBase extends PingSignals {
  /** @param options ping endpoint (or base URL), transport and defaults */
  constructor(options: ClientOptions = {}) {
    super(resolveConfig(options, []));
  }

}

/**
 * Options of `createClient`: an API key and, when its prefix does not tell, its kind.
 * @category Clients
 */
export interface CreateClientOptions extends ApiClientOptions {
  /** The key's kind; needed when the key has no `hcw_`/`hcr_` prefix. */
  keyKind?: KeyKind;
}

/**
 * The client type `createClient` returns for options `O`, given an entry's
 * read-write class `RW` and read-only class `RO`: by `keyKind` when given,
 * else by the literal prefix of the key, else either.
 * @category Clients
 */
export type ClientOf<O, RW, RO> = O extends { keyKind: "read-only" }
  ? RO
  : O extends { keyKind: "read-write" }
    ? RW
    : O extends { apiKey: `${typeof READ_ONLY_KEY_PREFIX}${string}` }
      ? RO
      : O extends { apiKey: `${typeof READ_WRITE_KEY_PREFIX}${string}` }
        ? RW
        : RW | RO;

/**
 * What of `createClient`'s options decides the client type, as type
 * parameters: the key `K` (a literal when the program writes one) and the
 * stated kind `KK`. Only these two are inferred, so that the other options
 * (callbacks such as `debug` and `fetch`) take their types from the options
 * interface, as they do with `new ChecksClient()`.
 * @category Clients
 */
export interface KeyChoice<K extends string, KK extends KeyKind | undefined> {
  /** The API key. */
  apiKey?: K;
  /** The key's kind. */
  keyKind?: KK;
}

/** The client classes an entry point builds. */
export interface ClientClasses<RW, RO> {
  /** Built for read-write keys. */
  readWrite: new (options: ApiClientOptions) => RW;
  /** Built for read-only keys. */
  readOnly: new (options: ApiClientOptions) => RO;
}

/** Builds the client for the key's kind from `classes`. */
export function createClientWith<const O extends CreateClientOptions, RW, RO>(
  options: O,
  classes: ClientClasses<RW, RO>,
): ClientOf<O, RW, RO> {
  const { keyKind, ...rest }: CreateClientOptions = options;
  const kind = keyKindOf(apiKeyOf(options), keyKind);
  if (kind === undefined) {
    throw new TypeError(
      `the key has no ${READ_WRITE_KEY_PREFIX}/${READ_ONLY_KEY_PREFIX} prefix: say which kind it is with keyKind: "read-write" | "read-only"`,
    );
  }
  const client = kind === "read-only" ? new classes.readOnly(rest) : new classes.readWrite(rest);
  return client as ClientOf<O, RW, RO>;
}
