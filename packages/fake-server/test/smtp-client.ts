/**
 * A raw SMTP client for the listener's tests: it writes exactly the lines a
 * test gives and reads each reply whole (every line of a multi-line one),
 * so that the tests see the server's words byte for byte.
 */
import { connect, type Socket } from "node:net";

/** One SMTP conversation over a socket. */
export class SmtpConversation {
  readonly #socket: Socket;
  #buffer = "";
  readonly #replies: string[] = [];
  readonly #waiting: Array<(reply: string) => void> = [];
  #closed = false;
  readonly closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => this.#read(chunk));
    this.closed = new Promise((resolve) => {
      socket.on("close", () => {
        this.#closed = true;
        for (const wake of this.#waiting.splice(0)) wake("");
        resolve();
      });
    });
    socket.on("error", () => undefined);
  }

  /** Connects to `port` on loopback and reads the greeting. */
  static async open(port: number): Promise<{ conversation: SmtpConversation; greeting: string }> {
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const conversation = new SmtpConversation(socket);
    return { conversation, greeting: await conversation.reply() };
  }

  #read(chunk: string): void {
    this.#buffer += chunk;
    for (;;) {
      const end = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.#buffer);
      if (!end) return;
      const reply = this.#buffer.slice(0, end.index + end[0].length);
      this.#buffer = this.#buffer.slice(reply.length);
      const wake = this.#waiting.shift();
      if (wake) wake(reply.replace(/\r\n$/, ""));
      else this.#replies.push(reply.replace(/\r\n$/, ""));
    }
  }

  /** The next reply (lines joined by CRLF), `""` when the server closed the connection. */
  reply(): Promise<string> {
    const ready = this.#replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.#closed) return Promise.resolve("");
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Writes `data` as it is. */
  write(data: string | Uint8Array): void {
    this.#socket.write(data);
  }

  /** Sends one command line and reads its reply. */
  async command(line: string): Promise<string> {
    this.write(`${line}\r\n`);
    return this.reply();
  }

  /** Sends a message after `DATA` (lines dot-stuffed, CRLF endings) and reads the final reply. */
  async data(message: string): Promise<string> {
    const started = await this.command("DATA");
    if (!started.startsWith("354")) return started;
    const body = message.replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..");
    this.write(`${body}${body.endsWith("\r\n") ? "" : "\r\n"}.\r\n`);
    return this.reply();
  }

  /** Whether the connection has closed. */
  get isClosed(): boolean {
    return this.#closed;
  }

  /** Drops the connection without `QUIT`. */
  destroy(): void {
    this.#socket.destroy();
  }

  /** Ends politely. */
  async quit(): Promise<string> {
    const reply = await this.command("QUIT");
    await this.closed;
    return reply;
  }
}
