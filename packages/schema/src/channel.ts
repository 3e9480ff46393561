/**
 * Integrations (`docs/reference.md#integrations`).
 * @module
 */
import * as z from "zod/mini";
import type { KnownMembers } from "./common.js";
import { UuidSchema } from "./scalars.js";
import type { KnownChannelKind } from "./limits.js";

/** An integration of the project. `kind` is a string: the service adds kinds over time. */
export const ChannelSchema = z
  .looseObject({ id: UuidSchema, name: z.string(), kind: z.string() })
  .register(z.globalRegistry, { id: "Channel" });
/** An integration; `kind` is one of {@link CHANNEL_KINDS} or a kind this version does not know. */
export type Channel = Omit<KnownMembers<z.infer<typeof ChannelSchema>>, "kind"> & { kind: ChannelKind };
/** A known integration kind, or any other string. */
export type ChannelKind = KnownChannelKind | (string & {});

/** `GET /api/v3/channels/`. */
export const ChannelListSchema = z.looseObject({ channels: z.array(ChannelSchema) }).register(z.globalRegistry, { id: "ChannelList" });
/** The list-integrations answer. */
export type ChannelList = { channels: Channel[] };
