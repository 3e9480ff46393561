/**
 * The SMTP relay for alert emails: each message the outbox records is also
 * handed, with nodemailer, to an SMTP server such as a mail catcher, as
 * the service sends it: its header fields, the plain-text and HTML parts,
 * and `last-ping.eml` when the last ping came by email. Like the service,
 * it tries up to three times, a second apart, when the server drops the
 * connection or refuses the message's data, and not after any other failure.
 * @module
 */
import type * as Nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { EmailAlert } from "../model/notify/view.js";
import { startTimer, stopTimer } from "../model/real-timers.js";
import type { Mailer } from "../notify/mailer.js";
import { nodePackage } from "../text/node-only.js";

/** Attempts per message, as the service makes them. */
export const RELAY_ATTEMPTS = 3;
/** Pause between attempts, ms. */
export const RELAY_RETRY_DELAY_MS = 1000;
/** Time limits of one attempt, ms: to connect, for the greeting, and for any reply. */
export const RELAY_TIMEOUT_MS = 10_000;

/** Header fields nodemailer writes itself, from the message's parts. */
const BUILT_BY_NODEMAILER = new Set(["content-type", "mime-version"]);
/** Header fields with a nodemailer message option of their own. */
const OWN_OPTIONS: Readonly<Record<string, string>> = { from: "from", to: "to", subject: "subject", date: "date", "message-id": "messageId" };

/** The message nodemailer sends for `email`. */
function messageOf(email: EmailAlert): Record<string, unknown> {
  const message: Record<string, unknown> = { text: email.text, html: email.html };
  const headers: Array<{ key: string; value: string }> = [];
  for (const [name, value] of email.headers) {
    const lower = name.toLowerCase();
    const option = OWN_OPTIONS[lower];
    if (option !== undefined) message[option] = value;
    else if (!BUILT_BY_NODEMAILER.has(lower)) headers.push({ key: name, value });
  }
  message["headers"] = headers;
  message["envelope"] = { from: message["from"], to: [email.to] };
  message["attachments"] = email.attachments.map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    contentDisposition: "attachment",
    content: file.content,
  }));
  return message;
}

/** Whether the service tries a failure again: a dropped connection, or data the server refused. */
function isRetried(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "EMESSAGE" || (typeof message === "string" && /closed unexpectedly/i.test(message));
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = startTimer(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      stopTimer(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Rejects as soon as `signal` aborts, whatever `work` is doing. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * A mailer sending to the SMTP server at `host` and `port`, without TLS or
 * authentication. nodemailer is loaded with the first message: it takes a
 * noticeable time to load, which a fake that sends no mail should not pay.
 */
export function smtpRelay(relay: { host: string; port: number }): Mailer {
  let transport: Promise<Transporter> | undefined;
  return async (email, signal) => {
    transport ??= Promise.resolve().then(() =>
      nodePackage<typeof Nodemailer>("nodemailer", "notifications.smtpRelay").createTransport({
        host: relay.host,
        port: relay.port,
        secure: false,
        ignoreTLS: true,
        connectionTimeout: RELAY_TIMEOUT_MS,
        greetingTimeout: RELAY_TIMEOUT_MS,
        socketTimeout: RELAY_TIMEOUT_MS,
      }),
    );
    const sender = await transport;
    const message = messageOf(email);
    for (let attempt = 1; ; attempt++) {
      try {
        await abortable(sender.sendMail(message), signal);
        return;
      } catch (error) {
        if (signal.aborted || attempt === RELAY_ATTEMPTS || !isRetried(error)) throw error;
        await pause(RELAY_RETRY_DELAY_MS, signal);
      }
    }
  };
}
