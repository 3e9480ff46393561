/**
 * `@checks-api/sdk`: the typed client for the Checks Management API v3 and
 * the ping API, for Node (undici by default). For browsers and other
 * runtimes, import `@checks-api/sdk/fetch`.
 * @module @checks-api/sdk
 */
import { createClientWith, type ClientOf, type CreateClientOptions, type KeyChoice, type KeyKind } from "./clients/client.js";
import { ChecksClient, ReadOnlyChecksClient, type NodeTransportOptions } from "./clients/node-clients.js";

export * from "./exports.js";
export { ChecksClient, PingClient, ReadOnlyChecksClient, type NodeTransportOptions } from "./clients/node-clients.js";
export { undiciTransport, type UndiciTransportOptions } from "./transport/undici.js";

/**
 * The client type {@link createClient} returns for options `O`.
 * @category Clients
 */
export type ClientFor<O> = ClientOf<O, ChecksClient, ReadOnlyChecksClient>;

/**
 * The client for the key's kind: `keyKind` when given, else the key's
 * `hcw_`/`hcr_` prefix (with a literal-typed key the prefix also picks the
 * type). The key defaults to the `CHECKS_API_KEY` environment variable.
 * @category Clients
 */
export function createClient<const K extends string = string, const KK extends KeyKind | undefined = undefined>(
  options: CreateClientOptions & NodeTransportOptions & KeyChoice<K, KK> = {},
): ClientFor<{ apiKey: K; keyKind: KK }> {
  // The runtime choice follows the same rules as the type: the key's prefix or keyKind.
  return createClientWith(options, { readWrite: ChecksClient, readOnly: ReadOnlyChecksClient }) as ClientFor<{ apiKey: K; keyKind: KK }>;
}
