/**
 * What the processor asks of a mailer: to hand one alert email to an SMTP
 * server, as the service does, besides keeping it in the outbox.
 * @module
 */
import type { EmailAlert } from "../model/notify/view.js";

/**
 * Hands `email` over; resolves once the SMTP server took it, rejects when
 * it could not (after the retries the service makes) or when `signal`
 * aborted the delivery.
 */
export type Mailer = (email: EmailAlert, signal: AbortSignal) => Promise<void>;
