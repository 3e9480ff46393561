/** Memory figures shared by the benchmarks. */

/** Heap in use after full collections (run with `--expose-gc`); the pauses let finalizers of dropped `Request`s run. */
export async function heapBytes(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}
