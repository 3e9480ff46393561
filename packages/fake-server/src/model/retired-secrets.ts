/**
 * The secrets the fake held once and no longer holds (UUIDs of deleted
 * checks, keys and UUIDs an imported state replaced), so that the journal
 * keeps masking them wherever they still appear: in the request that
 * deleted them and in any later one.
 * @module
 */

/**
 * How many retired secrets are remembered; past it the oldest are
 * forgotten (about 100 bytes each: some 10 MiB at most).
 */
export const RETIRED_SECRETS_LIMIT = 100_000;

// Check UUIDs are matched in any case, so they are kept in lowercase.
const UUID_LENGTH = 36;

/** A bounded set of retired secrets, oldest first. */
export class RetiredSecrets {
  #secrets = new Set<string>();

  /** Remembers `secret` (a check UUID in any case, or a key), forgetting the oldest one past the limit. */
  add(secret: string): void {
    const kept = secret.length === UUID_LENGTH ? secret.toLowerCase() : secret;
    this.#secrets.delete(kept);
    this.#secrets.add(kept);
    if (this.#secrets.size > RETIRED_SECRETS_LIMIT) {
      this.#secrets.delete(this.#secrets.values().next().value as string);
    }
  }

  /** Whether `text` is a retired secret (a UUID in any case). */
  has(text: string): boolean {
    const secrets = this.#secrets;
    if (secrets.size === 0) return false;
    return secrets.has(text) || (text.length === UUID_LENGTH && secrets.has(text.toLowerCase()));
  }

  /** The retired secrets, oldest first. */
  values(): string[] {
    return [...this.#secrets];
  }
}
