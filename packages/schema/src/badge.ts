/**
 * Badges (`docs/reference.md#badges`).
 * @module
 */
import * as z from "zod/mini";
import type { KnownMembers } from "./common.js";
import { BADGE_STATUSES } from "./limits.js";
import { SHIELDS_COLORS } from "./members.js";

/** The six badge URLs of one tag (or of `*`, all checks), in the service's order. */
export const BadgeUrlsSchema = z
  .looseObject({
    svg: z.string(),
    svg3: z.string(),
    json: z.string(),
    json3: z.string(),
    shields: z.string(),
    shields3: z.string(),
  })
  .register(z.globalRegistry, { id: "BadgeUrls" });
/** The badge URLs of one tag. */
export type BadgeUrls = KnownMembers<z.infer<typeof BadgeUrlsSchema>>;

/** `GET /api/v3/badges/`: one entry per tag plus `*` for all checks. */
export const BadgeListSchema = z
  .looseObject({ badges: z.record(z.string(), BadgeUrlsSchema) })
  .register(z.globalRegistry, { id: "BadgeList" });
/** The list-badges answer. */
export type BadgeList = { badges: Record<string, BadgeUrls> };

/** The JSON badge (`.json`). */
export const BadgeJsonSchema = z
  .object({
    status: z.enum(BADGE_STATUSES),
    total: z.int().check(z.minimum(0)),
    grace: z.int().check(z.minimum(0)),
    down: z.int().check(z.minimum(0)),
  })
  .register(z.globalRegistry, { id: "BadgeJson" });
/** The JSON badge. */
export type BadgeJson = z.infer<typeof BadgeJsonSchema>;

/** The Shields.io endpoint badge (`.shields`). */
export const ShieldsBadgeSchema = z
  .object({
    schemaVersion: z.literal(1),
    label: z.string(),
    message: z.enum(BADGE_STATUSES),
    color: z.enum(SHIELDS_COLORS),
  })
  .register(z.globalRegistry, { id: "ShieldsBadge" });
/** The Shields.io endpoint badge. */
export type ShieldsBadge = z.infer<typeof ShieldsBadgeSchema>;
