/**
 * The SMTP listener that takes email pings as the service's does
 * (`manage.py smtpd` in Healthchecks v4.3): a recipient is accepted at
 * `RCPT TO` when its domain is the ping email domain and its mailbox is a
 * check UUID or `{ping key}+{slug}`; after `DATA` every accepted recipient
 * gets the whole message as a ping (`scheme` `email`, empty method, `ua`
 * `Email from <sender>`), classified by the check's keyword filters.
 * Built on `smtp-server`; its replies are worded as the service's server
 * words them.
 * @module
 */
import type * as SmtpServerModule from "smtp-server";
import type { SMTPServer, SMTPServerDataStream, SMTPServerSession } from "smtp-server";
import { normalizePeerAddress } from "../http/peer-address.js";
import type { InboundEmail } from "../model/email/deliver.js";
import { parseRecipient } from "../model/email/message.js";
import { nodePackage } from "../text/node-only.js";

/** The largest message the listener takes, in bytes: the service's (its SMTP server's default, 32 MiB). */
export const SMTP_MESSAGE_MAX_BYTES = 33_554_432;
/** Connections served at once; a client beyond them is answered `421` and disconnected. */
export const SMTP_MAX_CONNECTIONS = 16;
/** A connection that sends nothing for this long is closed, ms. */
export const SMTP_IDLE_TIMEOUT_MS = 60_000;
/**
 * Accepted `RCPT TO` commands one message may have, repeats included; one
 * more is answered `452 4.5.3 Too many recipients`. The service sets no
 * limit: this one bounds what a client can make the fake hold.
 */
export const SMTP_MAX_RECIPIENTS = 1_000;

/** Where `FakeServer.listenSmtp()` binds. */
export interface SmtpListenOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
}

/** A listening SMTP server. */
export interface RunningSmtpServer {
  /** `smtp://host:port` of the listener (IPv6 hosts in brackets). */
  url: string;
  /** The interface bound. */
  host: string;
  /** The port actually bound (useful with port `0`). */
  port: number;
  /** Stops accepting connections, closes the open ones, and resolves when the listener has stopped. */
  close(): Promise<void>;
}

/** What the listener delivers to: the fake's email ping intake. */
export interface SmtpIntake {
  /** The ping email domain recipients must be at. */
  domain(): string;
  /** Records `message` (whose `raw` is `bytes` decoded as UTF-8) for its recipient; `bytes` are stored as the ping's body. */
  deliver(message: InboundEmail, bytes: Uint8Array): void;
}

/** The service's server's name for itself in the greeting, after the host name. */
const IDENT = "Python SMTP 1.4.6";

/** A reply as `smtp-server` sends it: code, text (lines for a multi-line reply), and what it answers. */
type Send = (code: number, data?: string | string[], context?: string | false) => void;

interface Connection {
  name: string;
  send: Send;
}

/**
 * The replies where `smtp-server`'s wording differs from the service's
 * server (aiosmtpd): its greeting, its `EHLO` extensions (`SIZE`, `8BITMIME`
 * and `HELP`, nothing else), `250 OK` for `MAIL`, `RCPT` and `RSET`, and
 * the text of `552` for a message over the size limit.
 */
function serviceWording(connection: Connection): void {
  const send = connection.send.bind(connection);
  connection.send = (code, data, context) => {
    if (code === 220 && typeof data === "string" && data.startsWith(`${connection.name} ESMTP`)) {
      return send(code, `${connection.name} ${IDENT}`, context);
    }
    if (code === 250 && Array.isArray(data)) return send(code, [connection.name, `SIZE ${SMTP_MESSAGE_MAX_BYTES}`, "8BITMIME", "HELP"], context);
    if (code === 250 && (context === "MAIL_FROM_OK" || context === "RCPT_TO_OK" || data === "Flushed")) return send(code, "OK", context);
    if (code === 552 && context === "MESSAGE_TOO_BIG") return send(code, "Error: Too much mail data", context);
    return send(code, data, context);
  };
}

/**
 * An `smtp-server` class whose every connection answers in the service's
 * wording. The library is loaded on first use: it takes a noticeable time
 * to load, which a fake that takes no mail should not pay.
 */
async function serviceSmtpServer(): Promise<typeof SMTPServer> {
  const { SMTPServer: Server } = nodePackage<typeof SmtpServerModule>("smtp-server", "listenSmtp()");
  return class ServiceSmtpServer extends Server {
    // `smtp-server` has no option for the wording of these replies: each new
    // connection's `send` is wrapped before it greets (the greeting waits for
    // a short early-talker check), and only this server's connections.
    override connect(...args: Parameters<SMTPServer["connect"]>): void {
      const before = new Set(this.connections);
      super.connect(...args);
      for (const connection of this.connections) if (!before.has(connection)) serviceWording(connection as unknown as Connection);
    }
  };
}

function smtpError(message: string, responseCode: number): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

/** Reads a message up to one byte past the limit (the server then answers `552`), what follows is dropped. */
function readMessage(stream: SMTPServerDataStream, done: (bytes: Uint8Array | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on("data", (chunk: Buffer) => {
    if (size > SMTP_MESSAGE_MAX_BYTES) return;
    chunks.push(chunk);
    size += chunk.length;
  });
  stream.on("end", () => done(stream.sizeExceeded || size > SMTP_MESSAGE_MAX_BYTES ? null : Buffer.concat(chunks)));
}

const UTF8 = new TextDecoder();

// The recipients of each transaction's accepted RCPT commands, in order and
// repeats included: the service pings once per command, where smtp-server's
// envelope keeps one entry per address. Keyed by the envelope, which
// smtp-server replaces when a transaction starts again.
const recipients = new WeakMap<object, string[]>();

/** Starts the SMTP listener on `options.host` (default `127.0.0.1`) and `options.port` (default `0`: a free port). */
export async function listenSmtp(intake: SmtpIntake, options: SmtpListenOptions = {}): Promise<RunningSmtpServer> {
  const Server = await serviceSmtpServer();
  const server = new Server({
    size: SMTP_MESSAGE_MAX_BYTES,
    rejectOversized: true,
    maxClients: SMTP_MAX_CONNECTIONS,
    socketTimeout: SMTP_IDLE_TIMEOUT_MS,
    closeTimeout: 1000,
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    disableReverseLookup: true,
    hidePIPELINING: true,
    hideSMTPUTF8: true,
    hideENHANCEDSTATUSCODES: true,
    hideDSN: true,
    logger: false,
    heloResponse: "%s",
    onRcptTo(address, session, callback) {
      const target = parseRecipient(address.address, intake.domain());
      if (target.kind === "rejected") return callback(smtpError(`5.1.1 ${target.reason}`, 550));
      let accepted = recipients.get(session.envelope);
      if (!accepted) recipients.set(session.envelope, (accepted = []));
      if (accepted.length >= SMTP_MAX_RECIPIENTS) return callback(smtpError("4.5.3 Too many recipients", 452));
      accepted.push(address.address);
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      readMessage(stream, (bytes) => {
        if (bytes === null) return callback();
        const raw = UTF8.decode(bytes);
        const mailFrom = session.envelope.mailFrom;
        const from = mailFrom === false ? "" : mailFrom.address;
        const remoteAddr = normalizePeerAddress(session.remoteAddress);
        for (const to of recipients.get(session.envelope) ?? []) intake.deliver({ to, from, raw, remoteAddr }, bytes);
        callback(null, "OK");
      });
    },
  } as ConstructorParameters<typeof SMTPServer>[0]);
  // A client that breaks the protocol or drops the connection is that connection's problem only.
  server.on("error", () => undefined);
  const host = options.host ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.server.once("error", onError);
    server.listen(options.port ?? 0, host, () => {
      server.server.off("error", onError);
      const address = server.server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({
        url: `smtp://${host.includes(":") ? `[${host}]` : host}:${port}`,
        host,
        port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
