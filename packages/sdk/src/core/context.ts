/**
 * What every resource of a management client shares: the configuration and
 * the API key.
 * @module
 */
import type { ApiPromise } from "./api-promise.js";
import type { RequestOptions, ResolvedConfig } from "./options.js";
import { API_PREFIX, joinUrl } from "./paths.js";
import { execute, type Operation } from "./request.js";

/** The configuration and key a resource sends its requests with. */
export class ApiContext {
  /** Resolved client configuration. */
  readonly config: ResolvedConfig;
  readonly #apiKey: string;

  /**
   * @param config resolved client configuration
   * @param apiKey the key sent as `X-Api-Key`
   */
  constructor(config: ResolvedConfig, apiKey: string) {
    this.config = config;
    this.#apiKey = apiKey;
  }

  /** Absolute URL of a management path, from already checked segments. */
  url(segments: ReadonlyArray<string | number>, trailingSlash = false): string {
    return joinUrl(`${this.config.baseUrl}${API_PREFIX}`, segments, trailingSlash);
  }

  /** Sends an authenticated management operation. */
  send<T>(operation: Omit<Operation<T>, "apiKey">, options?: RequestOptions): ApiPromise<T> {
    return execute(this.config, { ...operation, apiKey: this.#apiKey }, options);
  }
}
