/**
 * A group integration: its settings are the UUIDs of other integrations of
 * the same project, comma-separated. Delivering to a group delivers to
 * each member as a delivery of the member's own (a second one when the
 * member is also the check's), in the project's order of integrations.
 * @module
 */

/**
 * The members of a group among the project's integrations `channels`, in
 * their order: ids that name no integration of the project (one removed
 * since), and other groups, are left out.
 */
export function groupMembers<T extends { id: string; kind: string }>(group: { value: string }, channels: readonly T[]): T[] {
  const ids = new Set(group.value.split(","));
  return channels.filter((channel) => ids.has(channel.id) && channel.kind !== "group");
}
