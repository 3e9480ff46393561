/**
 * What the fake knows about one integration kind, held in one module per
 * kind (`modules.ts` lists them): the public builder of its settings, what
 * one delivery sends, which directions it is silent for, which answers end
 * it for good, the rate limit its deliveries share, and whether its
 * address is the vendor's. The settings' wire declaration (members, types,
 * lengths) stays in `@checks-api/schema` (`CHANNEL_SETTINGS`), which the
 * builder's check and the renderer read.
 * @module
 */
import { serviceJson } from "../../text/json.js";
import type { RateLimit } from "../notify/rate-limit.js";
import { validateChannelValue } from "../notify/settings.js";
import type { AlertDirection, AlertView, RenderedAlert } from "../notify/view.js";

/** An integration's kind and its settings text, ready to spread into `addChannel`'s argument (with a `name`, say). */
export interface TypedChannel<K extends string> {
  /** The kind. */
  kind: K;
  /** The settings as the service stores them. */
  value: string;
}

/** Which directions a kind with up and down switches notifies; both by default. */
export interface Directions {
  /** Notify when a check comes back up; default `true`. */
  up?: boolean;
  /** Notify when a check goes down; default `true`. */
  down?: boolean;
}

/** `T` with the members `K` made optional (the builder fills them in). */
export type Defaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** One integration kind. Only `kind` and `builder` are required: a kind without the rest notifies both ways and is recorded without a request. */
export interface KindModule<K extends string = string> {
  /** The kind's name, as the service stores it. */
  readonly kind: K;
  /** The public builder `channels.<kind>`: a method named for the kind, whose TSDoc the documentation shows. */
  readonly builder: { readonly [P in K]: (...args: never[]) => TypedChannel<K> };
  /**
   * What one delivery sends, for a channel with settings (`""` is recorded
   * without a request). Throws a `ChannelValueError` whose message the
   * delivery records for settings it cannot send.
   */
  readonly render?: (view: AlertView) => RenderedAlert;
  /** The error every delivery of the kind fails with, settings or not (the service does not run it). */
  readonly refusal?: string;
  /** Reports only a check going down, settings or not. */
  readonly downOnly?: true;
  /** Whether settings `value` (never `""`) notify `direction`; settings it cannot read count as on, so that the delivery is recorded with its error. */
  readonly notifies?: (value: string, direction: AlertDirection) => boolean;
  /** Whether an HTTP answer ends the channel for good (disabled, no retry). */
  readonly isPermanentFailure?: (status: number, bodyText: string) => boolean;
  /** The limit the deliveries of settings `value` (never `""`) share; throwing means none. */
  readonly rateLimit?: (value: string) => RateLimit;
  /** Its requests go to an address the vendor fixes: recorded, not sent, unless the fake is given a base URL for the kind. */
  readonly vendor?: true;
}

/** `{ kind, value }`, after the same check `addChannel` applies (a `RangeError` naming what is wrong). */
export function made<K extends string>(kind: K, value: string): TypedChannel<K> {
  const problem = validateChannelValue(kind, value);
  if (problem !== null) throw new RangeError(problem);
  return { kind, value };
}

/** The JSON text of `settings` as the service's forms store them: members sorted by name. */
export function sorted(settings: object): string {
  return serviceJson(Object.fromEntries(Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** A JSON object's member, or `undefined` when the text is not an object that has it. */
export function jsonMember(value: string, name: string): unknown {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null || !Object.hasOwn(parsed, name)) return undefined;
    return (parsed as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

/** The settings of a kind that messages a number with up and down switches (SMS, WhatsApp, Signal). */
export function phoneChannel<K extends string>(kind: K, number: string, { up = true, down = true }: Directions = {}): TypedChannel<K> {
  return made(kind, serviceJson({ value: number, up, down }));
}

/** Whether settings with `up` and `down` switches notify `direction`. */
export function switchedOn(value: string, direction: AlertDirection): boolean {
  return jsonMember(value, direction) === true;
}
