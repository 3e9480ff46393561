/**
 * A receiver that reads requests as raw bytes off the socket (no HTTP
 * parser between it and the wire), on 127.0.0.1 and a free port, and
 * answers each with raw bytes chosen by the request's path.
 */
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/** A request exactly as it arrived. */
export interface RawRequest {
  /** Head bytes, request line to the blank line included. */
  head: Buffer;
  /** Body bytes read after the head (by `Content-Length`, else none). */
  body: Buffer;
}

/** What to do with a request: write these bytes and close, close at once, or never answer. */
export type RawAnswer = string | Buffer | "close" | "hang";

/** A running raw receiver. */
export interface RawReceiver {
  /** `127.0.0.1:<port>`. */
  host: string;
  /** Requests received, in order. */
  received: RawRequest[];
  /** Request lines and header lines of the requests received, as Latin-1 text. */
  heads(): string[];
  /** Stops it, cutting open connections. */
  close(): Promise<void>;
}

/** `HTTP/1.1 <status>` with the given headers and body, framed with `Content-Length`. */
export function httpAnswer(status: number, headers: Record<string, string> = {}, body = ""): string {
  const lines = Object.entries({ ...headers, "Content-Length": String(Buffer.byteLength(body)) }).map(([n, v]) => `${n}: ${v}\r\n`);
  return `HTTP/1.1 ${status} X\r\n${lines.join("")}\r\n${body}`;
}

/** Starts a receiver; `answer` gets each request's path (the request target as Latin-1 text). */
export async function startRawReceiver(answer: (target: string) => RawAnswer = () => httpAnswer(200, {}, "ok")): Promise<RawReceiver> {
  const received: RawRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = buffer.subarray(0, end + 4);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head.toString("latin1"));
      const size = length === null ? 0 : Number(length[1]);
      if (buffer.byteLength < end + 4 + size) return;
      received.push({ head, body: buffer.subarray(end + 4, end + 4 + size) });
      buffer = buffer.subarray(end + 4 + size);
      const target = head.toString("latin1").split(" ")[1] ?? "";
      const reply = answer(target);
      if (reply === "hang") return;
      if (reply === "close") socket.end();
      else socket.end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    received,
    heads: () => received.map((r) => r.head.toString("latin1")),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
