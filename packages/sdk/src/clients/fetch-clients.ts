/**
 * The fetch entry's clients: the shared classes, sending with the runtime's
 * `fetch` unless given a `transport`.
 * @module
 */
import { ChecksClientBase, PingClientBase, ReadOnlyChecksClientBase, type ApiClientOptions } from "./client.js";
import type { ClientOptions } from "../core/options.js";

/**
 * A client for a read-write API key: every management endpoint and the ping API; sends with `fetch`.
 *
 * Guides: [getting started](../../../../docs/getting-started.md), [errors and retries](../../../../docs/errors-and-retries.md).
 * @category Clients
 */
export class ChecksClient extends ChecksClientBase {
  /** @param options API key (default: `CHECKS_API_KEY`), base URL, transport and defaults */
  constructor(options: ApiClientOptions = {}) {
    super(options);
  }
}

/**
 * A client for a read-only API key: list/get checks, flips, badges; sends with `fetch`.
 * @category Clients
 */
export class ReadOnlyChecksClient extends ReadOnlyChecksClientBase {
  /** @param options API key (default: `CHECKS_API_KEY`), base URL, transport and defaults */
  constructor(options: ApiClientOptions = {}) {
    super(options);
  }
}

/**
 * A client for the ping API alone, no API key needed; sends with `fetch`.
 *
 * Guides: [the ping API and monitor()](../../../../docs/ping-api.md).
 * @category Ping API
 */
export class PingClient extends PingClientBase {
  /** @param options ping endpoint (or base URL), transport and defaults */
  constructor(options: ClientOptions = {}) {
    super(options);
  }
}
