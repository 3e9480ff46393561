/**
 * What the rest of the fake asks of the integration kinds, answered from
 * each kind's module (`modules.ts` lists them): the public builders
 * (`channels`), what a delivery sends, which directions notify, which
 * answers end a channel, rate limits, and the kinds whose address the
 * vendor fixes. Retired kinds and kinds the schema does not know have no
 * module: they never notify, or notify both ways and are recorded without
 * a request.
 * @module
 */
import { RETIRED_CHANNEL_KINDS } from "@checks-api/schema/lite";
import type { RateLimit } from "../notify/rate-limit.js";
import { ChannelValueError } from "../notify/value-rules.js";
import type { AlertDirection, AlertView, RenderedAlert } from "../notify/view.js";
import type { KindModule } from "./kind.js";
import * as MODULES from "./modules.js";

type Modules = typeof MODULES;

const BY_KIND: ReadonlyMap<string, KindModule> = new Map(Object.values(MODULES).map((module: KindModule) => [module.kind, module]));
const RETIRED: ReadonlySet<string> = new Set(RETIRED_CHANNEL_KINDS);

/** The module of `kind`, or `undefined` for a kind the fake has none for. */
export function kindModule(kind: string): KindModule | undefined {
  return BY_KIND.get(kind);
}

/** The kinds that have a module, in the registry's order. */
export const KIND_NAMES: readonly string[] = [...BY_KIND.keys()];

// The builders are the modules' own methods, so that each keeps its declaration and the documentation shows its TSDoc.
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Builders = Intersection<Modules[keyof Modules]["builder"]>;
/** The builder of every integration kind, named by the kind: the type of {@link channels}. */
export interface ChannelBuilders extends Builders {}

/**
 * Builders of typed integrations, one per kind the fake knows, named by the
 * kind. Each gives `{ kind, value }`; spread it into `addChannel`'s
 * argument with a `name` and `disabled` as needed.
 * @throws RangeError from a builder when the settings break the kind's rules (the message names what is wrong).
 * @example
 * ```ts
 * const hook = fake.addChannel(project.id, {
 *   ...channels.webhook({ down: { method: "POST", url: "http://127.0.0.1:9000/down", body: "$NAME is $STATUS" } }),
 *   name: "on-call",
 * });
 * ```
 */
export const channels: ChannelBuilders = Object.assign({}, ...Object.values(MODULES).map((module) => module.builder));

/**
 * Renders one delivery. Throws a `ChannelValueError` when the channel's
 * settings are ones `validateChannelValue` refuses, when the kind refuses
 * every delivery (shell commands), or when its renderer has nothing to send (a
 * webhook without a URL for the flip's direction: `Empty webhook URL`, the
 * service's error text); the caller records the message as the delivery's
 * error. A request to the vendor's own address is marked with the kind.
 */
export function renderAlert(view: AlertView): RenderedAlert {
  const module = BY_KIND.get(view.channel.kind);
  if (module?.refusal !== undefined) throw new ChannelValueError(module.refusal);
  if (module?.render === undefined || view.channel.value === "") return { type: "none" };
  const alert = module.render(view);
  if (module.vendor && alert.type === "http") alert.vendor = module.kind;
  return alert;
}

/**
 * Whether a channel of `kind` with settings `value` is notified of a flip
 * in `direction` (`false`: skipped, no delivery record). Retired kinds
 * never are; a channel without settings (`""`) is, in the directions its
 * kind reports; settings that `validateChannelValue` refuses count as on,
 * so that such a delivery is recorded with its error rather than skipped.
 */
export function notifies(kind: string, value: string, direction: AlertDirection): boolean {
  if (RETIRED.has(kind)) return false;
  const module = BY_KIND.get(kind);
  if (module?.downOnly) return direction === "down";
  if (module?.notifies === undefined || value === "") return true;
  try {
    return module.notifies(value, direction);
  } catch {
    return true;
  }
}

/** Whether an HTTP answer of `status` with body `bodyText` ends a channel of `kind` for good. */
export function isPermanentFailure(kind: string, status: number, bodyText: string): boolean {
  return BY_KIND.get(kind)?.isPermanentFailure?.(status, bodyText) ?? false;
}

/** The limit a channel's deliveries share, or `null` for a kind without one (or settings the fake refuses). */
export function deliveryRateLimit(kind: string, value: string): RateLimit | null {
  const limit = BY_KIND.get(kind)?.rateLimit;
  if (limit === undefined || value === "") return null;
  try {
    return limit(value);
  } catch {
    return null;
  }
}

/** A kind whose requests go to an address the vendor fixes. */
export type VendorKind = { [K in keyof Modules]: Modules[K] extends { readonly vendor: true } ? K : never }[keyof Modules];
/** Per vendor kind, the base URL (`http://127.0.0.1:9000`, or with a path) its requests are sent to instead. */
export type VendorUrls = Readonly<Partial<Record<VendorKind, string>>>;

/** The kinds whose requests go to an address the vendor fixes: recorded, not sent, unless a base URL is given for the kind. */
export const VENDOR_KINDS: readonly VendorKind[] = KIND_NAMES.filter((kind) => BY_KIND.get(kind)?.vendor === true) as VendorKind[];

/** Whether `kind` is one of {@link VENDOR_KINDS}. */
export function isVendorKind(kind: string): kind is VendorKind {
  return (VENDOR_KINDS as readonly string[]).includes(kind);
}
