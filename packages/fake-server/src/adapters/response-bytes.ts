/**
 * Reading a `Response` body into one buffer, on the adapters' hot path.
 * @module
 */

/**
 * The whole body of `response` as one `Buffer` (no copy when the stream
 * yields a single chunk, as it does for the fake's string and byte bodies),
 * or `null` when there is none. Reading the stream directly is markedly
 * cheaper than `arrayBuffer()` in Node 20, and every request pays it.
 */
export async function responseBytes(response: Response): Promise<Buffer | null> {
  const stream = response.body;
  if (stream === null) return null;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  if (chunks.length === 1) {
    const only = chunks[0]!;
    return Buffer.from(only.buffer, only.byteOffset, only.byteLength);
  }
  return Buffer.concat(chunks, length);
}
