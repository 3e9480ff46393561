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

/** A check the cleanup could not delete. */
export interface LeftCheck {
  /** Its name (never its UUID, which is a ping URL). */
  name: string;
  /** Its status as last seen or, when the service was lost, as the run's last request to it may have left it. */
  status: string;
}

/** What the cleanup did. */
export interface CleanupResult {
  /** Checks of the run deleted, by its steps and by the cleanup. */
  deleted: number;
  /** The checks it could not delete. */
  left: LeftCheck[];
  /** Set when the checks tagged for the run could not even be listed. */
  unlisted?: string;
}

/** The run's checks on the service, and their deletion. */
export class Cleanup {
  // The run's checks not deleted yet, as the cleanup would report them if left.
  readonly #created = new Map<string, LeftCheck>();
  readonly #sleep: (ms: number) => Promise<void>;
  #deletedByRun = 0;

  /** @param sleep Waits `ms` milliseconds (tests pass a quicker one). */
  constructor(sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))) {
    this.#sleep = sleep;
  }

  /** Remembers a check the run created (UUID and a name to report it by) and the status it was shown with. */
  track(uuid: string, name: string, status = "new"): void {
    this.#created.set(uuid, { name, status });
  }

  /** Records the status a tracked check has, or may have, now. */
  note(uuid: string, status: string): void {
    const tracked = this.#created.get(uuid);
    if (tracked) tracked.status = status;
  }

  /** The status last noted for a tracked check (`unknown` for another). */
  statusOf(uuid: string): string {
    return this.#created.get(uuid)?.status ?? "unknown";
  }

  /** Forgets a check a step of the run deleted. */
  deleted(uuid: string): void {
    if (this.#created.delete(uuid)) this.#deletedByRun++;
  }

  /** Names of the checks tracked and not deleted yet. */
  get pending(): string[] {
    return [...this.#created.values()].map((check) => check.name);
  }

  /**
   * Deletes every tracked check, then every check still listed under `tag`
   * (which only the run's checks carry).
   */
  async run(client: CleanupClient, tag: string): Promise<CleanupResult> {
    let deleted = this.#deletedByRun;
    const left = new Map<string, LeftCheck>();
    const remove = async (uuid: string, check: LeftCheck) => {
      left.delete(uuid);
      try {
        await this.#patiently(() => client.checks.delete(uuid));
        deleted++;
      } catch (error) {
        if (!(error instanceof NotFoundError)) left.set(uuid, check);
      }
      this.#created.delete(uuid);
    };
    for (const [uuid, check] of [...this.#created]) await remove(uuid, { ...check });
    let unlisted: string | undefined;
    try {
      const stragglers = await this.#patiently(() => client.checks.list({ tag }));
      for (const check of stragglers) {
        if (check.tags.split(" ").includes(tag)) await remove(checkUuid(check), { name: check.name, status: check.status });
      }
    } catch (error) {
      unlisted = `could not list the checks tagged ${tag}: ${error instanceof Error ? error.message : String(error)}`;
    }
    return { deleted, left: [...left.values()], ...(unlisted === undefined ? {} : { unlisted }) };
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
