/**
 * The SMTP listener that takes email pings as the service's does
 * (`manage.py smtpd` in Healthchecks v4.3, on aiosmtpd): a recipient is
 * accepted at `RCPT TO` when its domain is the ping email domain and its
 * mailbox is a check UUID or `{ping key}+{slug}`; after `DATA` the message
 * goes to the intake with every accepted recipient. The dialogue itself is
 * in `session.ts`; this module holds the sockets, the connection bound and
 * the time limit.
 * @module
 */
import type * as NodeNet from "node:net";
import type { Socket } from "node:net";
import type * as NodeOs from "node:os";
import { normalizePeerAddress } from "../http/peer-address.js";
import { nodeBuiltin } from "../text/node-only.js";
import type { SmtpDelivery } from "../model/email/deliver.js";
import { startTimer, stopTimer, type TimerHandle } from "../model/real-timers.js";
import { SmtpSession } from "./session.js";

export { SMTP_MAX_RECIPIENTS, SMTP_MESSAGE_MAX_BYTES } from "./session.js";

/**
 * Connections served at once; a client beyond them is answered `421` and
 * disconnected (within a second, even if it keeps its side open).
 */
export const SMTP_MAX_CONNECTIONS = 16;
/**
 * Default of {@link SmtpListenOptions.timeoutMs}: as the service's server, a
 * connection is closed when this long passes without a complete command, so
 * a command line, or a whole message from `DATA` to its final dot, must
 * arrive within it, however slowly it trickles in.
 */
const SMTP_TIMEOUT_MS = 300_000;
/**
 * How long a connection the listener ends (`221` after `QUIT`, the `502` of
 * too many unknown commands, a `421`) may stay open before it is closed
 * whatever the client does, ms: a client that never closes its side must
 * not hold a socket, or a served connection's place, for ever.
 */
const LINGER_MS = 1_000;
// Replies a client leaves unread before the fake stops reading its commands.
const UNREAD_REPLIES_MAX = 64 * 1024;

/** Where `FakeServer.listenSmtp()` binds, and its time limit. */
export interface SmtpListenOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
  /**
   * Milliseconds a connection may go without a complete command before it is
   * closed without a reply (a message counts from its `DATA` command to its
   * final dot); default 300,000 (five minutes), as the service.
   */
  timeoutMs?: number;
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
  /** Records `mail` for each of its recipients. */
  deliver(mail: SmtpDelivery): void;
}

// Ends a connection the listener is done with (after `last`, its final reply), and closes it after LINGER_MS whatever the client does.
function endSoon(socket: Socket, last?: string): void {
  if (last === undefined) socket.end();
  else socket.end(last);
  const linger = startTimer(() => socket.destroy(), LINGER_MS);
  socket.on("close", () => stopTimer(linger));
}

function serve(socket: Socket, intake: SmtpIntake, timeoutMs: number, hostname: () => string): void {
  const remoteAddr = socket.remoteAddress ? normalizePeerAddress(socket.remoteAddress) : null;
  let timer: TimerHandle | undefined;
  const restartTimer = (): void => {
    stopTimer(timer);
    timer = startTimer(() => socket.destroy(), timeoutMs);
  };
  socket.on("close", () => stopTimer(timer));
  socket.on("error", () => undefined);
  restartTimer();
  const session = new SmtpSession({
    name: hostname(),
    domain: () => intake.domain(),
    reply: (line) => {
      if (socket.writable) socket.write(`${line}\r\n`);
    },
    close: () => {
      stopTimer(timer);
      endSoon(socket);
    },
    activity: restartTimer,
    deliver: (mail) => intake.deliver({ ...mail, remoteAddr }),
  });
  socket.on("data", (chunk: Buffer) => {
    session.receive(chunk);
    // A client that does not read its replies is not read either.
    if (socket.writableLength > UNREAD_REPLIES_MAX) {
      socket.pause();
      socket.once("drain", () => socket.resume());
    }
  });
}

/** Starts the SMTP listener on `options.host` (default `127.0.0.1`) and `options.port` (default `0`: a free port). */
export async function listenSmtp(intake: SmtpIntake, options: SmtpListenOptions = {}): Promise<RunningSmtpServer> {
  const timeoutMs = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new RangeError(`timeoutMs must be a positive integer, not ${String(timeoutMs)}`);
  const sockets = new Set<Socket>();
  const { createServer } = nodeBuiltin<typeof NodeNet>("node:net", "listenSmtp()");
  const { hostname } = nodeBuiltin<typeof NodeOs>("node:os", "listenSmtp()");
  let served = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    if (served >= SMTP_MAX_CONNECTIONS) {
      socket.on("error", () => undefined);
      endSoon(socket, `421 ${hostname()} Too many connected clients, try again in a moment\r\n`);
      return;
    }
    served++;
    socket.on("close", () => served--);
    serve(socket, intake, timeoutMs, hostname);
  });
  const host = options.host ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({
        url: `smtp://${host.includes(":") ? `[${host}]` : host}:${port}`,
        host,
        port,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      });
    });
  });
}
