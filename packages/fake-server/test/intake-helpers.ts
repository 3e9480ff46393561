/**
 * Helpers of the body-intake tests: a raw HTTP/1.1 client over a socket
 * (exact head bytes, bodies sent in timed parts, cut-off bodies) and
 * generated bodies that count how far they were read.
 */
import { connect, type Socket } from "node:net";

/** One part of a body as the raw client sends it. */
export interface Part {
  bytes: Uint8Array;
  /** Wait before sending it. */
  delayMs?: number;
}

/** A request as bytes: the head (request line and header lines, without the blank line) and the body parts. */
export interface RawRequest {
  head: string;
  parts?: Iterable<Part>;
  /** Close the socket right after the parts, without waiting for an answer. */
  cut?: boolean;
}

/** What came back. */
export interface RawResult {
  /** Final status, or `null` when no final answer came. */
  status: number | null;
  /** Interim (1xx) statuses received. */
  interim: number[];
  /** Header block of the final answer. */
  head: string;
  body: Buffer;
  /** Body bytes written by the time the final answer's head arrived (all of them when it came after). */
  sentBeforeAnswer: number;
  /** The socket error, if any (after or without an answer). */
  error?: string;
}

/**
 * Sends one request on a fresh socket, as a careful client does: it reads
 * while it sends and stops sending once a final answer has come.
 */
export function rawExchange(port: number, request: RawRequest, timeoutMs = 20_000): Promise<RawResult> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const result: RawResult = { status: null, interim: [], head: "", body: Buffer.alloc(0), sentBeforeAnswer: 0 };
    let received = Buffer.alloc(0);
    let sent = 0;
    let expected: number | null = null;
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => {
      result.error = "timeout";
      finish();
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        if (result.status === null) {
          const end = received.indexOf("\r\n\r\n");
          if (end < 0) return;
          const head = received.subarray(0, end).toString("latin1");
          received = received.subarray(end + 4);
          const status = Number(head.slice(9, 12));
          if (status < 200) {
            result.interim.push(status);
            continue;
          }
          result.status = status;
          result.head = head;
          result.sentBeforeAnswer = sent;
          const length = /\r\ncontent-length: *(\d+)/i.exec(head);
          expected = length ? Number(length[1]) : null;
        }
        result.body = received;
        if (expected !== null && received.byteLength >= expected) finish();
        return;
      }
    });
    socket.on("end", finish);
    socket.on("close", finish);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      result.error = error.code ?? error.message;
      finish();
    });
    const send = async (): Promise<void> => {
      socket.write(`${request.head}\r\n\r\n`, "latin1");
      for (const part of request.parts ?? []) {
        if (part.delayMs) await new Promise((done) => setTimeout(done, part.delayMs));
        if (settled || result.status !== null || socket.destroyed) return;
        sent += part.bytes.byteLength;
        if (!socket.write(part.bytes)) await drained(socket);
      }
      if (request.cut) finish();
    };
    socket.once("connect", () => void send().catch(finish));
  });
}

function drained(socket: Socket): Promise<void> {
  return new Promise((done) => {
    const settle = (): void => {
      socket.off("drain", settle).off("close", settle);
      done();
    };
    socket.on("drain", settle).on("close", settle);
  });
}

/** `count` parts of `size` bytes (one shared buffer of `fill`), counting how many were taken. */
export function counted(count: number, size: number, fill = 0x61): { parts: Iterable<Part>; taken: () => number } {
  const chunk = new Uint8Array(size).fill(fill);
  let taken = 0;
  return {
    parts: {
      *[Symbol.iterator]() {
        for (let i = 0; i < count; i++) {
          taken++;
          yield { bytes: chunk };
        }
      },
    },
    taken: () => taken,
  };
}

/** An async body of `count` chunks of `size` bytes, counting how many were pulled. */
export function countedStream(count: number, size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  const chunk = new Uint8Array(size).fill(0x61);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === count) return controller.close();
        pulled++;
        controller.enqueue(chunk.slice());
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}
