/**
 * Reading a project off the service through the SDK, for `import`: with a
 * read-write key its checks, each check's ping log (bodies included) and
 * flips, its integrations and badges; with a read-only key what that key
 * may see (checks without UUIDs, flips by unique key, badges). Requests go
 * one at a time; the SDK waits out 429 answers.
 * @module
 */
import { READ_ONLY_KEY_PREFIX, READ_WRITE_KEY_PREFIX } from "@checks-api/schema";
import {
  AuthenticationError,
  ChecksClient,
  NotFoundError,
  ReadOnlyChecksClient,
  type BadgeSet,
  type Channel,
  type Check,
  type Flip,
  type Ping,
  type ReadOnlyCheck,
  type Transport,
} from "@checks-api/sdk";

/** A logged ping with its body bytes (`null`: none). */
export interface PingWithBody {
  /** The ping as listed. */
  ping: Ping;
  /** Its body, when it has one. */
  body: Uint8Array | null;
}

/** One check as read: its representation, its ping log (read-write keys only) and its flips. */
export interface ReadCheck {
  /** The representation the key sees. */
  check: Check | ReadOnlyCheck;
  /** The ping log, newest first; `undefined` when the key cannot list it. */
  pings: PingWithBody[] | undefined;
  /** The flips, newest first. */
  flips: Flip[];
}

/** The project as read. */
export interface ProjectSnapshot {
  /** Which kind of key read it. */
  keyKind: "read-write" | "read-only";
  /** Its checks, in the service's order. */
  checks: ReadCheck[];
  /** Its integrations; `undefined` when the key cannot list them. */
  channels: Channel[] | undefined;
  /** Its badge URLs by tag. */
  badges: BadgeSet;
}

/** Told of the reading's progress. */
export type Progress = (message: string) => void;

/** The key was refused for reading: the import cannot run. */
export class KeyRefusedError extends Error {
  /** Creates the error (the message never holds the key). */
  constructor(message: string) {
    super(message);
    this.name = "KeyRefusedError";
  }
}

/** How the clients reach the service. */
export interface ClientSettings {
  /** The API key. */
  apiKey: string;
  /** The site root. */
  baseUrl: string;
  /** The transport (import's holds answers to its limits). */
  transport?: Transport;
  /** Largest answer read, in bytes. */
  maxResponseBytes?: number;
}

/**
 * A client for the key: its prefix says its kind when it has one; otherwise
 * listing the integrations (which a read-only key may not) tells.
 */
async function clientFor(
  settings: ClientSettings,
): Promise<{ kind: "read-write"; client: ChecksClient; channels: Channel[] } | { kind: "read-only"; client: ReadOnlyChecksClient; badges: BadgeSet }> {
  if (!settings.apiKey.startsWith(READ_ONLY_KEY_PREFIX)) {
    const client = new ChecksClient(settings);
    try {
      return { kind: "read-write", client, channels: await client.channels.list() };
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
      // A key that says it is read-write and is refused is no read-only key either.
      if (settings.apiKey.startsWith(READ_WRITE_KEY_PREFIX)) throw refused(error);
    }
  }
  const client = new ReadOnlyChecksClient(settings);
  try {
    return { kind: "read-only", client, badges: await client.badges.list() };
  } catch (error) {
    if (error instanceof AuthenticationError) throw refused(error);
    throw error;
  }
}

const refused = (error: AuthenticationError) => new KeyRefusedError(`the service refused the key (${error.errorText ?? "401"})`);

async function bodyOf(client: ChecksClient, uuid: string, ping: Ping): Promise<Uint8Array | null> {
  if (ping.body_url === null) return null;
  try {
    return await client.pings.bodyBytes(uuid, ping.n);
  } catch (error) {
    // Listed a moment ago, gone since (the log moved on): kept without its body.
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Reads the project the key opens. */
export async function readProject(settings: ClientSettings, progress: Progress): Promise<ProjectSnapshot> {
  const opened = await clientFor(settings);
  if (opened.kind === "read-only") {
    const checks: ReadCheck[] = [];
    for (const check of await opened.client.checks.list()) {
      checks.push({ check, pings: undefined, flips: await opened.client.flips.list(check.unique_key) });
    }
    progress(`read ${checks.length} checks with a read-only key`);
    return { keyKind: "read-only", checks, channels: undefined, badges: opened.badges };
  }
  const { client } = opened;
  const badges = await client.badges.list();
  const list = await client.checks.list();
  progress(`read ${list.length} checks and ${opened.channels.length} integrations; reading ping logs and flips`);
  const checks: ReadCheck[] = [];
  for (const check of list) {
    const pings: PingWithBody[] = [];
    for (const ping of await client.pings.list(check.uuid)) pings.push({ ping, body: await bodyOf(client, check.uuid, ping) });
    checks.push({ check, pings, flips: await client.flips.list(check.uuid) });
  }
  return { keyKind: "read-write", checks, channels: opened.channels, badges };
}
