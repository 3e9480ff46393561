/**
 * The Node entry's clients: the same classes, sending with undici over a
 * shared keep-alive pool unless given a `transport`, a `fetch` or a `dispatcher`.
 * @module
 */
import type { Dispatcher } from "undici";
import { ChecksClientBase, PingClientBase, ReadOnlyChecksClientBase, type ApiClientOptions } from "./client.js";
import type { ClientOptions } from "../core/options.js";
import type { Transport } from "../transport/types.js";
import { undiciTransport } from "../transport/undici.js";
import { SDK_VERSION } from "../core/version.js";

/**
 * Node-only transport option.
 * @category Clients
 */
export interface NodeTransportOptions {
  /**
   * An undici `Dispatcher` to send through: a `ProxyAgent`, a `MockAgent`,
   * the fake server's `fake.dispatcher()`. Default: a shared keep-alive `Agent`.
   */
  dispatcher?: Dispatcher;
}

let sharedTransport: Transport | undefined;

const DEFAULT_USER_AGENT = `checks-api-sdk/${SDK_VERSION}`;

function withNodeTransport<O extends ClientOptions & NodeTransportOptions>(options: O): O {
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  if (options.transport !== undefined || options.fetch !== undefined) return { ...options, userAgent };
  const transport =
    options.dispatcher !== undefined
      ? undiciTransport({ dispatcher: options.dispatcher })
      : (sharedTransport ??= undiciTransport());
  return { ...options, userAgent, transport };
}

/**
 * A client for a read-write API key: every management endpoint and the ping API; sends with undici by default.
 *
 * | member | methods |
 * |---|---|
 * | `checks` | {@link Checks.list | list}, {@link Checks.get | get}, {@link Checks.create | create}, {@link Checks.upsert | upsert}, {@link Checks.update | update}, {@link Checks.pause | pause}, {@link Checks.resume | resume}, {@link Checks.delete | delete} |
 * | `pings` | {@link Pings.list | list}, {@link Pings.body | body}, {@link Pings.bodyBytes | bodyBytes} |
 * | `flips` | {@link Flips.list | list} |
 * | `channels` | {@link Channels.list | list} |
 * | `badges` | {@link Badges.list | list} |
 * | the client | {@link ChecksClientBase.ping | ping} (then {@link PingHandle.success | success}, {@link PingHandle.start | start}, {@link PingHandle.fail | fail}, {@link PingHandle.log | log}, {@link PingHandle.exitStatus | exitStatus}), {@link ChecksClientBase.monitor | monitor} |
 *
 * Guides: [getting started](../../../../docs/getting-started.md), [errors and retries](../../../../docs/errors-and-retries.md).
 * @example
 * ```ts
 * import { ChecksClient } from "@checks-api/sdk";
 *
 * // The key from CHECKS_API_KEY, the service from CHECKS_API_URL (healthchecks.io when unset).
 * const client = new ChecksClient();
 * const check = await client.checks.create({ name: "Nightly backups", timeout: 86_400, grace: 3_600 });
 * await client.ping(check.uuid).success();
 * for (const { name, status } of await client.checks.list({ tag: "prod" })) console.log(name, status);
 * ```
 * @category Clients
 */
export class ChecksClient extends ChecksClientBase {
  /** @param options API key (default: `CHECKS_API_KEY`), base URL, transport (`dispatcher`, `fetch` or `transport`) and defaults */
  constructor(options: ApiClientOptions & NodeTransportOptions = {}) {
    super(withNodeTransport(options));
  }
}

/**
 * A client for a read-only API key: list/get checks, flips, badges; sends with undici by default.
 * @category Clients
 */
export class ReadOnlyChecksClient extends ReadOnlyChecksClientBase {
  /** @param options API key (default: `CHECKS_API_KEY`), base URL, transport (`dispatcher`, `fetch` or `transport`) and defaults */
  constructor(options: ApiClientOptions & NodeTransportOptions = {}) {
    super(withNodeTransport(options));
  }
}

/**
 * A client for the ping API alone, no API key needed; sends with undici by default.
 *
 * Guides: [the ping API and monitor()](../../../../docs/ping-api.md).
 * @category Ping API
 */
export class PingClient extends PingClientBase {
  /** @param options ping endpoint (or base URL), transport and defaults */
  constructor(options: ClientOptions & NodeTransportOptions = {}) {
    super(withNodeTransport(options));
  }
}
