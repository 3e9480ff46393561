/**
 * The per-kind rules the delivery engine applies, as plain functions: the
 * pure renderers of `model/notify/` in the running fake, stand-ins in a
 * test that checks the engine alone.
 * @module
 */
import type { RateLimit } from "../model/notify/rate-limit.js";
import type { AlertDirection, AlertView, RenderedAlert } from "../model/notify/view.js";

/** What the engine needs to know about each integration kind. */
export interface NotifyRules {
  /** `null` when `value` is valid settings for `kind`, otherwise what is wrong. */
  validateChannelValue(kind: string, value: string): string | null;
  /** Whether an integration of `kind` with settings `value` is notified of a flip in `direction` (no-op directions are skipped without a record). */
  notifies(kind: string, value: string, direction: AlertDirection): boolean;
  /** Whether an answer disables the integration (one attempt, no retry). */
  isPermanentFailure(kind: string, status: number, bodyText: string): boolean;
  /** The rate limit an integration's deliveries share, or `null` when none applies. */
  rateLimit(kind: string, value: string): RateLimit | null;
  /** What one delivery sends. */
  renderAlert(view: AlertView): RenderedAlert;
}
