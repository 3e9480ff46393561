/**
 * Deleting what a verify run created on the service: every check whose
 * creation it saw, then whatever still carries the run's tag (a create
 * whose answer was lost to an interruption), through the SDK. It runs
 * however the scenario ended; a 429 is waited out as the service asks.
 * @module
 */
import { checkUuid, NotFoundError, RateLimitError, type Check } from "@checks-api/sdk";

/** What the cleanup needs of a read-write client. */
export interface CleanupClient {
  /** The SDK's checks resource. */
  checks: {
    list(filter: { tag: string }): PromiseLike<Check[]>;
    delete(uuid: string): PromiseLike<unknown>;
  };
}

/** Attempts per request when the service answers 429. */
const RATE_LIMIT_ATTEMPTS = 5;
/** Wait when a 429 carries no `Retry-After`, in milliseconds. */
const DEFAULT_WAIT_MS = 5_000;
/** Longest wait the cleanup accepts, in milliseconds. */
const MAX_WAIT_MS = 120_000;

/** What the cleanup did. */
export interface CleanupResult {
  /** Checks deleted. */
  deleted: number;
  /** Names (never UUIDs) of the checks it could not delete. */
  left: string[];
}

/** The run's checks on the service, and their deletion. */
export class Cleanup {
  readonly #created = new Map<string, string>();
  readonly #sleep: (ms: number) => Promise<void>;

  /** @param sleep Waits `ms` milliseconds (tests pass a quicker one). */
  constructor(sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))) {
    this.#sleep = sleep;
  }

  /** Remembers a check the run created (UUID and a name to report it by). */
  track(uuid: string, name: string): void {
    this.#created.set(uuid, name);
  }

  /** Names of the checks tracked and not deleted yet. */
  get pending(): string[] {
    return [...this.#created.values()];
  }

  /**
   * Deletes every tracked check, then every check still listed under `tag`
   * (which only the run's checks carry).
   */
  async run(client: CleanupClient, tag: string): Promise<CleanupResult> {
    let deleted = 0;
    const left: string[] = [];
    const remove = async (uuid: string, name: string) => {
      try {
        await this.#patiently(() => client.checks.delete(uuid));
        deleted++;
      } catch (error) {
        if (!(error instanceof NotFoundError)) left.push(name);
      }
      this.#created.delete(uuid);
    };
    for (const [uuid, name] of [...this.#created]) await remove(uuid, name);
    try {
      const stragglers = await this.#patiently(() => client.checks.list({ tag }));
      for (const check of stragglers) {
        if (check.tags.split(" ").includes(tag)) await remove(checkUuid(check), check.name);
      }
    } catch {
      left.push(`(could not list the checks tagged ${tag})`);
    }
    return { deleted, left };
  }

  async #patiently<T>(call: () => PromiseLike<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof RateLimitError) || attempt >= RATE_LIMIT_ATTEMPTS) throw error;
        const wait = error.retryAfter === undefined ? DEFAULT_WAIT_MS : error.retryAfter * 1000;
        if (wait > MAX_WAIT_MS) throw error;
        await this.#sleep(wait);
      }
    }
  }
}
