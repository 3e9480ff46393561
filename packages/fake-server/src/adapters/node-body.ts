/**
 * Reading a request body off a node:http socket with a cap: nothing is held
 * beyond it, what follows is drained or refused, and a refused body ends
 * the connection after the answer, in a way that lets the client read it.
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyAbortedError, BodyCollector, EMPTY_BODY, refusalLimit, type BodyBytes, type BodyOverflow } from "../http/body.js";

/**
 * How long a connection whose body was refused keeps reading (and dropping)
 * after the answer before it is closed. Closing at once would reset a
 * connection the client is still sending on, and a reset can discard the
 * answer before the client reads it; a client that reads the answer as it
 * sends stops sending and closes first.
 */
export const LINGER_MS = 2000;

/** The body of one `IncomingMessage`, read on demand. */
export class NodeBody {
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  readonly #expectsContinue: boolean;
  #continued = false;
  #refused = false;
  #started = false;
  /** False when the request certainly has no body to read (GET and HEAD bodies are dropped). */
  readonly present: boolean;

  /**
   * @param req The request.
   * @param res Its answer (for `100 Continue`).
   * @param expectsContinue True when the client waits for `100 Continue` before sending the body.
   */
  constructor(req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) {
    this.#req = req;
    this.#res = res;
    this.#expectsContinue = expectsContinue;
    const method = req.method;
    this.present = method !== "GET" && method !== "HEAD" && sendsBody(req);
  }

  /** See `Incoming.body`. */
  read(cap: number | null, overflow: BodyOverflow): Promise<BodyBytes> {
    if (!this.present || this.#started) return Promise.resolve(EMPTY_BODY);
    this.#started = true;
    const declared = declaredLength(this.#req);
    const limit = refusalLimit(cap, overflow);
    if (limit !== null && declared !== null && declared > limit) {
      // Refused on its announced length: not a byte is read.
      this.#refused = true;
      return Promise.resolve({ bytes: EMPTY_BODY.bytes, truncated: true, length: declared });
    }
    this.#sendContinue();
    const req = this.#req;
    return new Promise((resolve, reject) => {
      const collector = new BodyCollector(cap);
      const detach = (): void => {
        req.off("data", onData);
        req.off("end", onEnd);
        req.off("close", onClose);
      };
      const onData = (chunk: Buffer): void => {
        collector.add(chunk);
        if (limit === null || collector.seen <= limit) return;
        detach();
        req.pause();
        this.#refused = true;
        resolve(collector.result(declared ?? undefined));
      };
      const onEnd = (): void => {
        detach();
        resolve(collector.result());
      };
      const onClose = (): void => {
        detach();
        reject(new BodyAbortedError());
      };
      req.on("data", onData);
      req.once("end", onEnd);
      req.once("close", onClose);
    });
  }

  /**
   * The body as a WHATWG stream, for handlers that take a `Request`: it
   * reads a chunk when the reader asks for one, and cancelling it refuses
   * the rest.
   */
  stream(): ReadableStream<Uint8Array> {
    const req = this.#req;
    let open = true;
    const onData = (chunk: Buffer): void => {
      req.pause();
      if (open) controller?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    const onEnd = (): void => finish(() => controller?.close());
    const onClose = (): void => finish(() => controller?.error(new BodyAbortedError()));
    const finish = (settle: () => void): void => {
      if (!open) return;
      open = false;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      settle();
    };
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>(
      {
        start: (c) => {
          controller = c;
        },
        pull: () => {
          if (!this.#started) {
            this.#started = true;
            this.#sendContinue();
            req.on("data", onData);
            req.once("end", onEnd);
            req.once("close", onClose);
          }
          req.resume();
        },
        cancel: () => {
          this.#refused = true;
          finish(() => req.pause());
        },
      },
      { highWaterMark: 0 },
    );
  }

  /**
   * True when the connection must close after the answer: part of the body
   * was refused, or the client waits for a `100 Continue` it never got
   * (it may send the body or not, so nothing after it can be parsed). The
   * body of a GET or HEAD counts too, though the fake never reads it: the
   * client may send it all the same.
   */
  get closesConnection(): boolean {
    if (this.#req.complete) return false;
    return this.#refused || (this.#expectsContinue && !this.#continued && sendsBody(this.#req));
  }

  /**
   * After the answer is written: a connection that {@link closesConnection}
   * lingers and closes; a body left half read is drained, so that the
   * connection can serve the next request.
   */
  release(closing: boolean): void {
    const req = this.#req;
    if (closing) lingerThenClose(this.#res);
    if (!req.complete) {
      req.removeAllListeners("data");
      req.resume();
    }
  }

  #sendContinue(): void {
    if (!this.#expectsContinue || this.#continued) return;
    this.#continued = true;
    this.#res.writeContinue();
  }
}

// Requests without Content-Length or Transfer-Encoding have no body (RFC 9112 §6.3).
function sendsBody(req: IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = req.headers["content-length"];
  return length !== undefined && Number(length) > 0;
}

function declaredLength(req: IncomingMessage): number | null {
  if (req.headers["transfer-encoding"] !== undefined) return null;
  const length = Number(req.headers["content-length"]);
  return Number.isSafeInteger(length) ? length : null;
}

// node:http ends a `Connection: close` exchange with `socket.destroySoon()`
// once the answer is written; this socket's own version half-closes
// instead, drops what still arrives, and closes after LINGER_MS at most.
function lingerThenClose(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}
