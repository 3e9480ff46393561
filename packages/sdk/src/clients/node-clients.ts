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

/** Node-only transport option. */
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
 * Guides: [getting started](../../../../docs/getting-started.md), [errors and retries](../../../../docs/errors-and-retries.md).
 */
export class ChecksClient extends ChecksClientBase {
  /** @param options API key (default: `CHECKS_API_KEY`), base URL, transport (`dispatcher`, `fetch` or `transport`) and defaults */
  constructor(options: ApiClientOptions & NodeTransportOptions = {}) {
    super(withNodeTransport(options));
  }
}

/** A client for a read-only API key: list/get checks, flips, badges; sends with undici by default. */
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
 */
export class PingClient extends PingClientBase {
  /** @param options ping endpoint (or base URL), transport and defaults */
  constructor(options: ClientOptions & NodeTransportOptions = {}) {
    super(withNodeTransport(options));
  }
}
