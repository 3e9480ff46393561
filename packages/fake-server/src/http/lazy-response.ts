/**
 * A `Response` that makes its body stream only when someone asks for it.
 * On Node 20 most of a `Response`'s construction is its `ReadableStream`
 * (several times the cost of the whole request pipeline), while tests
 * mostly read an answer with `text()`, `json()` or `arrayBuffer()`, which
 * need no stream.
 * @module
 */

const UTF8 = new TextDecoder();
const ENCODER = new TextEncoder();
const SURROGATE = /[\ud800-\udfff]/;
// The fetch standard's null body statuses within the range a `Response` may have.
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

// Runtimes differ on a body that starts with a byte order mark (Node 20
// drops two of them): such a body is read through the stream, as the
// runtime reads it.
function startsWithBom(body: string | Uint8Array): boolean {
  if (typeof body === "string") return body.startsWith("\ufeff");
  return body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
}

/** The text `Response.text()` gives for `body` (without a leading BOM): its UTF-8 round trip, lone surrogates replaced. */
function textOf(body: string | Uint8Array): string {
  if (typeof body !== "string") return UTF8.decode(body);
  return SURROGATE.test(body) ? UTF8.decode(ENCODER.encode(body)) : body;
}

/** A copy of `body` as bytes of their own, so that a caller's changes never reach the fake's answers. */
function bytesOf(body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return typeof body === "string" ? ENCODER.encode(body) : new Uint8Array(body);
}

/**
 * A `Response` with a text or byte body, indistinguishable through the
 * `Response` interface from `new Response(body, init)`: same status,
 * headers (a text body without a type is `text/plain;charset=UTF-8`), body
 * methods and their errors, `bodyUsed` and `clone()`. The body stream is
 * made on first access to `body` (or by `blob()`/`formData()`); until then
 * `text()`, `json()`, `arrayBuffer()` and `bytes()` answer from the bytes.
 */
export class LazyBodyResponse extends Response {
  readonly #content: string | Uint8Array;
  /** The same answer as a plain `Response`, once its stream is needed. */
  #plain: Response | undefined;
  /** Whether a body method already consumed the body without a stream. */
  #consumed = false;

  /**
   * @param body The body; the caller must not change it afterwards.
   * @param init Status and headers, as for `new Response()`.
   */
  constructor(body: string | Uint8Array, init: { status: number; headers: Headers }) {
    let headers = init.headers;
    if (typeof body === "string" && !headers.has("content-type")) {
      headers = new Headers(headers);
      headers.set("content-type", "text/plain;charset=UTF-8");
    }
    // Statuses that cannot have a body are refused as `new Response(body, init)` refuses them.
    if (NULL_BODY_STATUSES.has(init.status)) new Response(body as string | Uint8Array<ArrayBuffer>, init);
    super(null, { status: init.status, headers });
    this.#content = body;
  }

  // The plain `Response` behind this one, made once. After a body method
  // took the body without it, its body is consumed too, so that it answers
  // (and refuses) exactly as a used `Response` does.
  #stream(): Response {
    if (this.#plain) return this.#plain;
    const plain = new Response(bytesOf(this.#content), { status: this.status, statusText: this.statusText, headers: this.headers });
    if (this.#consumed) plain.arrayBuffer().catch(() => undefined);
    this.#plain = plain;
    return plain;
  }

  // The body's bytes or text for a body method, or `undefined` when the stream must answer.
  #take(asText = false): string | Uint8Array | undefined {
    if (this.#plain || this.#consumed || (asText && startsWithBom(this.#content))) return undefined;
    this.#consumed = true;
    return this.#content;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#stream().body;
  }

  override get bodyUsed(): boolean {
    return this.#plain ? this.#plain.bodyUsed : this.#consumed;
  }

  override text(): Promise<string> {
    const content = this.#take(true);
    return content === undefined ? this.#stream().text() : Promise.resolve(textOf(content));
  }

  override json(): Promise<unknown> {
    const content = this.#take(true);
    if (content === undefined) return this.#stream().json();
    try {
      return Promise.resolve(JSON.parse(textOf(content)));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const content = this.#take();
    return content === undefined ? this.#stream().arrayBuffer() : Promise.resolve(bytesOf(content).buffer);
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    const content = this.#take();
    return content === undefined ? this.#stream().bytes() : Promise.resolve(bytesOf(content));
  }

  override blob(): Promise<Blob> {
    return this.#stream().blob();
  }

  override formData(): Promise<FormData> {
    return this.#stream().formData();
  }

  override clone(): Response {
    if (this.#plain || this.#consumed) return this.#stream().clone();
    return new LazyBodyResponse(this.#content, { status: this.status, headers: this.headers });
  }
}
