/**
 * Selecting delivery records: what `FakeServer.notifications(filter)` returns.
 * @module
 */
import type { AlertDirection } from "../model/notify/view.js";
import type { DeliveryRecord } from "./outbox.js";

/**
 * Which delivery records `FakeServer.notifications()` returns: those that
 * match every member given; none given, every record.
 */
export interface NotificationFilter {
  /** The UUID of the check whose flip was delivered. */
  check?: string | undefined;
  /** The integration, by its UUID or its name. */
  channel?: string | undefined;
  /** The integration's kind (`webhook`, `email`, `slack`…). */
  kind?: string | undefined;
  /** The direction of the flip delivered. */
  status?: AlertDirection | undefined;
}

/** Whether a record matches every member of a filter. */
export function matchesDelivery(record: DeliveryRecord, filter: NotificationFilter): boolean {
  const { check, channel, kind, status } = filter;
  return (
    (check === undefined || record.check === check) &&
    (channel === undefined || record.channel.id === channel || record.channel.name === channel) &&
    (kind === undefined || record.channel.kind === kind) &&
    (status === undefined || record.flip.status === status)
  );
}
