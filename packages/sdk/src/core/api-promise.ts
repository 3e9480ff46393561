/**
 * The promise every API method returns: it resolves to the data, and
 * `withResponse()` gives the data together with the raw response.
 * @module
 */

/**
 * The raw response behind a result.
 * @category Clients
 */
export interface ResponseInfo {
  /** HTTP status. */
  status: number;
  /** Response headers. */
  headers: Headers;
  /** Attempts made, 1 when no retry was needed. */
  attempts: number;
}

/**
 * A result together with the response it came from.
 * @category Clients
 */
export interface WithResponse<T> {
  /** The parsed result, as the plain promise resolves. */
  data: T;
  /** Status and headers of the final response. */
  response: ResponseInfo;
}

/**
 * A `Promise<T>` with one extra method, `withResponse()`, for callers who
 * need the status or the headers: `const { data, response } = await
 * client.checks.get(id).withResponse()`.
 * @category Clients
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #result: Promise<WithResponse<T>>;

  /** @param result the request in flight, resolving to data and response */
  constructor(result: Promise<WithResponse<T>>) {
    // The base promise is never used: `then` below reads `#result` instead.
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }

  /** Derived promises (`then`, `catch`, `finally`) are plain promises. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The data together with the raw response. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // One reaction rather than a `.then((r) => r.data)` chain: a promise and a tick less per call.
    return this.#result.then(
      (r) => (typeof onfulfilled === "function" ? onfulfilled(r.data) : (r.data as unknown as R1)),
      onrejected,
    );
  }
}

/** An {@link ApiPromise} whose data is mapped by `map`, keeping `withResponse()`. */
export function mapData<A, B>(promise: ApiPromise<A>, map: (data: A) => B): ApiPromise<B> {
  return new ApiPromise(promise.withResponse().then(({ data, response }) => ({ data: map(data), response })));
}

/**
 * Runs `start` and returns its promise; an error thrown synchronously
 * (input rejected before sending) becomes a rejected {@link ApiPromise}, so
 * every method reports failures the same way.
 */
export function guard<T>(start: () => ApiPromise<T>): ApiPromise<T> {
  try {
    return start();
  } catch (error) {
    return new ApiPromise<T>(Promise.reject(error));
  }
}
