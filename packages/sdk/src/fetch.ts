/**
 * `@checks-api/sdk/fetch`: the SDK for any runtime with a WHATWG `fetch`
 * (browsers, Deno, Bun, Workers). Nothing here imports Node-only modules.
 * @module @checks-api/sdk/fetch
 */
import type { ClientOf, CreateClientOptions, KeyChoice, KeyKind } from "./clients/client.js";
import { createClientWith } from "./clients/client.js";
import { ChecksClient, ReadOnlyChecksClient } from "./clients/fetch-clients.js";

export * from "./exports.js";
export { ChecksClient, PingClient, ReadOnlyChecksClient } from "./clients/fetch-clients.js";

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
  options: CreateClientOptions & KeyChoice<K, KK> = {},
): ClientFor<{ apiKey: K; keyKind: KK }> {
  // The runtime choice follows the same rules as the type: the key's prefix or keyKind.
  return createClientWith(options, { readWrite: ChecksClient, readOnly: ReadOnlyChecksClient }) as ClientFor<{ apiKey: K; keyKind: KK }>;
}
