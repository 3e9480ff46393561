/**
 * A local HTTP receiver for the delivery tests, on 127.0.0.1 and a free
 * port: it records every request as it came (raw header names and values
 * as Latin-1, body bytes) and answers by path prefix.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the receiver read it. */
export interface Received {
  method: string;
  path: string;
  /** Header name/value pairs in wire order, values as Latin-1 text. */
  headers: Array<[string, string]>;
  body: Buffer;
}

/** How the receiver answers a path: a status with optional headers, or `hang` (never answers). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang";

/** A running receiver. */
export interface Receiver {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Requests received, in order. */
  received: Received[];
  /** Stops it, cutting open connections. */
  close(): Promise<void>;
}

/** Starts a receiver that answers each request with the first rule whose prefix starts its path (default `200 ok`). */
export async function startReceiver(rules: Record<string, Answer> = {}): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers: Array<[string, string]> = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        headers.push([req.rawHeaders[i] as string, Buffer.from(req.rawHeaders[i + 1] as string, "latin1").toString("latin1")]);
      }
      const path = req.url ?? "";
      received.push({ method: req.method ?? "", path, headers, body: Buffer.concat(chunks) });
      const prefix = Object.keys(rules).find((start) => path.startsWith(start));
      const answer = prefix === undefined ? { status: 200, body: "ok" } : rules[prefix]!;
      if (answer === "hang") return;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
