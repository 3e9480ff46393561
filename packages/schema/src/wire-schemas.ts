/**
 * The zod schemas that `wire-shapes.ts` holds as plain data, by name.
 * @module
 */
import type * as z from "zod/mini";
import { BadgeListSchema } from "./badge.js";
import { ChannelListSchema } from "./channel.js";
import { CheckListSchema, CheckSchema, ReadOnlyCheckListSchema, ReadOnlyCheckSchema } from "./check.js";
import { FlipListSchema, FlipsQuerySchema } from "./flip.js";
import { PingListSchema } from "./ping.js";
import type { WireShapeName } from "./shape-check.js";

/** The zod schema of each name `checkWireShape` takes. */
export const WIRE_SCHEMAS = {
  Check: CheckSchema,
  CheckList: CheckListSchema,
  ReadOnlyCheck: ReadOnlyCheckSchema,
  ReadOnlyCheckList: ReadOnlyCheckListSchema,
  FlipList: FlipListSchema,
  PingList: PingListSchema,
  ChannelList: ChannelListSchema,
  BadgeList: BadgeListSchema,
  FlipsQuery: FlipsQuerySchema,
} as const satisfies Record<WireShapeName, z.ZodMiniType>;
