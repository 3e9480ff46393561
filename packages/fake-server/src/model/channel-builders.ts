/**
 * Typed integrations: a builder per kind that gives the `{ kind, value }`
 * that `FakeServer.addChannel` takes, the value written as the service
 * stores it (its JSON text, with the service's separators and member
 * order, or its plain text). The settings' types are the schema's
 * (`ChannelSettings`), and every builder checks what it made with the
 * same rules `addChannel` applies, so a mistake shows where it was made.
 * Each builder is its kind's (`model/kinds/`).
 * @module
 */
import { builders, type ChannelBuilders } from "./kinds/registry.js";

export type { Directions, TypedChannel } from "./kinds/kind.js";
export type { WebhookTarget } from "./kinds/webhook.js";
export type { ChannelBuilders } from "./kinds/registry.js";

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
export const channels: ChannelBuilders = builders;
