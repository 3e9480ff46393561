/**
 * Projects and their integrations as the control API creates and describes
 * them: keys generated or given, uniqueness checked, accounts shared.
 * @module
 */
import { API_KEY_LENGTH, CHANNEL_KINDS, isKnownChannelKind, type Compat, type KnownChannelKind } from "@checks-api/schema/lite";
import { checkGroupMembers, isGroup } from "./kinds/group.js";
import { checkedLimits, type AccountLimits } from "./limits.js";
import type { IdSource } from "./ids.js";
import { IDENTIFIER_MAX_LENGTH, type Account, type Project, type Store, type StoredChannel } from "./store.js";

/**
 * Length of the badge key of an account's first project in live mode: the
 * service gives that project its user's name, a UUID cut to 30 characters.
 */
const FIRST_PROJECT_BADGE_KEY_LENGTH = 30;

/** What `FakeServer.createProject` accepts. Keys: `undefined` = generate, `null` = none. */
export interface ProjectInit {
  /** Project name. */
  name?: string;
  /** Owning account; default: a new account for this project alone. */
  account?: string;
  /** Check limit of the account: a non-negative integer (default: the fake's `checkLimit`, 20). Setting it changes it for the whole account. */
  checkLimit?: number;
  /** Ping log limit of the account: a positive integer (default: the fake's `pingLogLimit`, 100). */
  pingLogLimit?: number;
  /** Read-write API key (32 characters). */
  readWriteKey?: string | null;
  /** Read-only API key (32 characters). */
  readOnlyKey?: string | null;
  /** Ping key of the slug URLs. */
  pingKey?: string;
  /**
   * Badge key; default a new UUID, or in live mode for the first project of
   * an account the first 30 characters of one (the service gives that
   * project its user's name, which is such a cut UUID).
   */
  badgeKey?: string;
  /**
   * Address of the account's user. An email alert sent to it carries the
   * "Projects Overview" of the account's projects, as the service does for
   * its users. Setting it changes it for the whole account; default none.
   */
  ownerEmail?: string | null;
}

/** A project as the control API describes it. */
export interface ProjectInfo {
  /** Project UUID. */
  id: string;
  /** Project name. */
  name: string;
  /** Owning account. */
  account: string;
  /** Read-write key, or `null`. */
  readWriteKey: string | null;
  /** Read-only key, or `null`. */
  readOnlyKey: string | null;
  /** Ping key. */
  pingKey: string;
  /** Badge key. */
  badgeKey: string;
  /** The account's check limit. */
  checkLimit: number;
  /** The account's ping log limit. */
  pingLogLimit: number;
  /** Address of the account's user, or `null`. */
  ownerEmail: string | null;
}

/** What `FakeServer.addChannel` accepts; the `channels` builders make one for each kind. */
export interface ChannelInit {
  /** Integration kind (`email`, `slack`, …): one the service has. */
  kind: KnownChannelKind;
  /** Display name; default empty. */
  name?: string;
  /**
   * The integration's settings in the service's stored text form (a
   * webhook's JSON object, an email address or `{"value": …, "up": …,
   * "down": …}`, a Slack URL…), checked per kind. Default `""`: an
   * integration without settings, whose deliveries are recorded without
   * sending anything.
   */
  value?: string;
  /** A disabled integration is never notified; default `false`. */
  disabled?: boolean;
}

/** An integration as `FakeServer.addChannel` and `FakeServer.channels` describe it. */
export interface ChannelInfo {
  /** Integration UUID. */
  id: string;
  /** Name. */
  name: string;
  /** Kind. */
  kind: string;
  /** Settings in the service's stored text form (`""`: none). */
  value: string;
  /** Whether deliveries skip it (given, or set by a permanent delivery failure). */
  disabled: boolean;
  /** Error text of its last delivery; `""` after a success or before any. */
  lastError: string;
}

/**
 * Checks an integration's settings for its kind: `null` when valid,
 * otherwise what is wrong.
 */
export type ChannelValueCheck = (kind: string, value: string) => string | null;

/**
 * Creates a project (and its account unless `init.account` names an
 * existing one). Unnamed projects are numbered: projects are never deleted
 * one by one, so the count of projects is the count created since the last
 * reset or import.
 * @param defaults The limits of an account it makes (its own `checkLimit` and `pingLogLimit` win), and the
 *   fake's compat mode: in live mode the first project of an account gets the badge key the service gives
 *   it, the user name (a UUID cut to {@link FIRST_PROJECT_BADGE_KEY_LENGTH} characters); later ones a whole UUID.
 * @throws RangeError when a given key is malformed, empty or already in use, a name is empty or longer than 1000 characters, or a limit breaks its rule.
 */
export function createProject(
  store: Store,
  ids: IdSource,
  init: ProjectInit,
  defaults: AccountLimits & { compat: Compat },
): ProjectInfo {
  checkedLimits({ checkLimit: init.checkLimit, pingLogLimit: init.pingLogLimit });
  // What a state document refuses is refused here too, so that every state exports and loads back.
  for (const member of ["pingKey", "badgeKey", "account"] as const) notEmpty(member, init[member]);
  for (const member of ["name", "pingKey", "badgeKey", "account"] as const) notTooLong(member, init[member]);
  notEmpty("ownerEmail", init.ownerEmail ?? undefined);
  notTooLong("ownerEmail", init.ownerEmail ?? undefined);
  const id = ids.uuid();
  const readWriteKey = init.readWriteKey === undefined ? ids.readWriteKey() : init.readWriteKey;
  const readOnlyKey = init.readOnlyKey === undefined ? ids.readOnlyKey() : init.readOnlyKey;
  const pingKey = init.pingKey ?? ids.pingKey();
  const firstOfAccount = !store.accounts.has(init.account ?? id);
  const badgeKey = init.badgeKey ?? ids.uuid().slice(0, firstOfAccount && defaults.compat === "live" ? FIRST_PROJECT_BADGE_KEY_LENGTH : undefined);
  // The messages name the member, never the key: an error must not carry a secret.
  for (const [member, key] of [["readWriteKey", readWriteKey], ["readOnlyKey", readOnlyKey]] as const) {
    if (key === null) continue;
    if (key.length !== API_KEY_LENGTH) throw new RangeError(`${member} must be ${API_KEY_LENGTH} characters long, not ${key.length}`);
    if (store.keys.has(key)) throw new RangeError(`${member} is already the API key of another project`);
  }
  if (readWriteKey !== null && readWriteKey === readOnlyKey) throw new RangeError("the two API keys must differ");
  if (store.pingKeys.has(pingKey)) throw new RangeError("pingKey is already the ping key of another project");
  if (store.badgeKeys.has(badgeKey)) throw new RangeError("badgeKey is already the badge key of another project");

  const accountName = init.account ?? id;
  let account = store.accounts.get(accountName);
  if (!account) {
    account = { name: accountName, checkLimit: defaults.checkLimit, pingLogLimit: defaults.pingLogLimit, projects: new Set(), ownerEmail: null };
    store.accounts.set(accountName, account);
  }
  if (init.ownerEmail !== undefined) account.ownerEmail = init.ownerEmail;
  if (init.checkLimit !== undefined) account.checkLimit = init.checkLimit;
  if (init.pingLogLimit !== undefined) account.pingLogLimit = init.pingLogLimit;
  const project: Project = {
    id,
    name: init.name ?? `Project ${store.projects.size + 1}`,
    account,
    readWriteKey,
    readOnlyKey,
    pingKey,
    badgeKey,
    checks: new Map(),
    channels: [],
  };
  account.projects.add(project);
  store.projects.set(id, project);
  if (readWriteKey !== null) store.keys.set(readWriteKey, { project, kind: "read-write" });
  if (readOnlyKey !== null) store.keys.set(readOnlyKey, { project, kind: "read-only" });
  store.pingKeys.set(pingKey, project);
  store.badgeKeys.set(badgeKey, project);
  return projectInfo(project, account);
}

/**
 * Changes the limits of the account of project `projectId` (shared by its
 * projects), as a project creation naming the account does.
 * @throws RangeError for an unknown project or a limit that breaks its rule.
 */
export function setAccountLimits(store: Store, projectId: string, limits: Partial<AccountLimits>): ProjectInfo {
  const project = findProject(store, projectId);
  checkedLimits(limits);
  if (limits.checkLimit !== undefined) project.account.checkLimit = limits.checkLimit;
  if (limits.pingLogLimit !== undefined) project.account.pingLogLimit = limits.pingLogLimit;
  return projectInfo(project, project.account);
}

/**
 * The project `projectId`.
 * @throws RangeError when there is none.
 */
export function findProject(store: Store, projectId: string): Project {
  const project = store.projects.get(projectId);
  if (!project) throw new RangeError(`unknown project: ${projectId}`);
  return project;
}

function notEmpty(member: string, value: string | undefined): void {
  if (value === "") throw new RangeError(`${member} must not be empty`);
}

function notTooLong(member: string, value: string | undefined): void {
  if (value !== undefined && value.length > IDENTIFIER_MAX_LENGTH) throw new RangeError(`${member} is longer than ${IDENTIFIER_MAX_LENGTH} characters`);
}

const CHANNEL_INIT_MEMBERS: Readonly<Record<keyof ChannelInit, "string" | "boolean">> = { kind: "string", name: "string", value: "string", disabled: "boolean" };

/**
 * `init` as {@link addChannel} takes it, checked member by member as the
 * control API checks a body (a caller without types may pass anything).
 * @throws RangeError naming the member that is missing, unknown or of the wrong type, or the kind that is unknown.
 */
function checkedChannelInit(init: unknown): ChannelInit {
  if (typeof init !== "object" || init === null || Array.isArray(init)) throw new RangeError("an integration must be an object with a kind");
  for (const name of Object.keys(init)) {
    if (!Object.hasOwn(CHANNEL_INIT_MEMBERS, name)) throw new RangeError(`unknown member: ${name}`);
  }
  const members = init as Record<string, unknown>;
  for (const [name, type] of Object.entries(CHANNEL_INIT_MEMBERS)) {
    const value = members[name];
    if (value === undefined) {
      if (name === "kind") throw new RangeError("kind is required");
    } else if (typeof value !== type) {
      throw new RangeError(`${name} must be a ${type}`);
    }
  }
  if (!isKnownChannelKind(members.kind as string)) {
    throw new RangeError(`unknown integration kind ${JSON.stringify(members.kind)}: the kinds are ${Object.keys(CHANNEL_KINDS).join(", ")}`);
  }
  return init as ChannelInit;
}

/**
 * Adds an integration to a project.
 * @throws RangeError when `init` is not a {@link ChannelInit} (see {@link checkedChannelInit}), its name is longer than 1000 characters, `checkValue` refuses its settings, or a group names an integration that is not a non-group of the project.
 */
export function addChannel(project: Project, ids: IdSource, init: ChannelInit, checkValue: ChannelValueCheck): ChannelInfo {
  const { kind, name = "", value = "", disabled = false } = checkedChannelInit(init);
  notTooLong("name", name);
  const problem = checkValue(kind, value);
  if (problem !== null) throw new RangeError(problem);
  if (isGroup(kind) && value !== "") checkGroupMembers(project.channels, value);
  const channel: StoredChannel = { id: ids.uuid(), name, kind, value, disabled, lastError: "" };
  project.channels.push(channel);
  return channelInfo(channel);
}

/** An integration as the control API describes it (a copy: the caller cannot change the store through it). */
export function channelInfo(channel: StoredChannel): ChannelInfo {
  return { id: channel.id, name: channel.name, kind: channel.kind, value: channel.value, disabled: channel.disabled, lastError: channel.lastError };
}

/** Every project, in creation order, as the control API describes it. */
export function projectInfos(store: Store): ProjectInfo[] {
  return [...store.projects.values()].map((project) => projectInfo(project, project.account));
}

function projectInfo(project: Project, account: Account): ProjectInfo {
  return {
    id: project.id,
    name: project.name,
    account: account.name,
    readWriteKey: project.readWriteKey,
    readOnlyKey: project.readOnlyKey,
    pingKey: project.pingKey,
    badgeKey: project.badgeKey,
    checkLimit: account.checkLimit,
    pingLogLimit: account.pingLogLimit,
    ownerEmail: account.ownerEmail,
  };
}
