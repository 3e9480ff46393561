/**
 * A local SMTP receiver for the relay tests: it takes every message (or
 * refuses each with a given error) and keeps it parsed with mailparser.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message the receiver took. */
export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

/**
 * Starts a receiver on loopback; its `close` goes into `closers`. `refuse`
 * answers the end of every message with that error instead of taking it.
 */
export async function startSmtpReceiver(closers: Array<() => Promise<void>>, refuse?: { code: number; message: string }) {
  const received: Received[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        attempts++;
        if (refuse) return callback(Object.assign(new Error(refuse.message), { responseCode: refuse.code }));
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address;
        simpleParser(raw).then(
          (parsed) => {
            received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, attempts: () => attempts };
}
