/**
 * The `group` kind: its settings are the UUIDs of other integrations of
 * the same project, comma-separated. Delivering to a group delivers to
 * each member as a delivery of the member's own (a second one when the
 * member is also the check's), in the project's order of integrations.
 * @module
 */
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "group";

/** Whether `kind` is the group kind, whose deliveries are its members'. */
export function isGroup(kind: string): boolean {
  return kind === KIND;
}

/**
 * The members of a group among the project's integrations `channels`, in
 * their order: ids that name no integration of the project (one removed
 * since), and other groups, are left out.
 */
export function groupMembers<T extends { id: string; kind: string }>(group: { value: string }, channels: readonly T[]): T[] {
  const ids = new Set(group.value.split(","));
  return channels.filter((channel) => ids.has(channel.id) && !isGroup(channel.kind));
}

/** A group delivery's error, `failed` of its `members` deliveries having failed (`""`: none did). */
export function groupError(failed: number, members: number): string {
  return failed === 0 ? "" : `${failed} out of ${members} notifications failed`;
}

/** Refuses (a `RangeError`) a group whose members are not integrations of its own project `channels`, or are groups. */
export function checkGroupMembers(channels: ReadonlyArray<{ id: string; kind: string }>, value: string): void {
  for (const id of value.split(",")) {
    const member = channels.find((channel) => channel.id === id);
    if (member === undefined) throw new RangeError(`group value: ${id} is no integration of the project`);
    if (isGroup(member.kind)) throw new RangeError(`group value: ${id} is a group; a group's members are other kinds`);
  }
}

/** The `group` kind. */
export const group = {
  kind: KIND,
  builder: {
    /**
     * A group: other integrations of the same project, each notified in turn.
     * @example
     * ```ts
     * const pager = fake.addChannel(project.id, channels.pd("service-key"));
     * fake.addChannel(project.id, channels.group([pager.id, hook.id]));
     * ```
     */
    group: (members: readonly string[]): TypedChannel<typeof KIND> => made(KIND, members.join(",")),
  },
} satisfies KindModule<typeof KIND>;
