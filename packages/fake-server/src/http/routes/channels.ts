/**
 * Integrations: the list endpoint and the resolution of a check's
 * `channels` member (`docs/reference.md#integrations`).
 * @module
 */
import { ERROR_MESSAGES, invalidChannelIdentifier, nonUniqueChannelIdentifier } from "@checks-api/schema/lite";
import type { Reply } from "../reply.js";
import { jsonReply, type HeaderMap } from "../responses.js";
import type { Project } from "../../model/store.js";

/** `GET /api/v3/channels/`: the project's integrations in creation order. */
export function listChannels(project: Project, cors: HeaderMap): Reply {
  const channels = project.channels.map((c) => ({ id: c.id, name: c.name, kind: c.kind }));
  return jsonReply(200, { channels }, cors);
}

/** Resolved integration ids, or the 400 message. */
export type ChannelResolution = { ok: true; ids: string[] } | { ok: false; error: string };

/**
 * Resolves a `channels` value against the project's integrations: `*` all,
 * `""` none, otherwise comma-separated UUIDs or names, each matching exactly
 * one integration (first failing item wins).
 */
export function resolveChannels(project: Project, value: string): ChannelResolution {
  if (value === "*") return { ok: true, ids: project.channels.map((c) => c.id) };
  if (value === "") return { ok: true, ids: [] };
  const ids: string[] = [];
  for (const item of value.split(",")) {
    if (item === "") return { ok: false, error: ERROR_MESSAGES.emptyChannelIdentifier };
    const matches = project.channels.filter((c) => c.id === item || c.name === item);
    if (matches.length === 0) return { ok: false, error: invalidChannelIdentifier(item) };
    if (matches.length > 1) return { ok: false, error: nonUniqueChannelIdentifier(item) };
    ids.push((matches[0] as { id: string }).id);
  }
  return { ok: true, ids };
}
