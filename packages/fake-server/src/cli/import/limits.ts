/**
 * What `import` reads and holds of the service, bounded: each answer's
 * bytes (a limit the transport applies while it reads, so an endless answer
 * is cut off, not buffered), the bytes of all answers together, and the
 * nesting depth and list lengths of a JSON answer (checked before it is
 * parsed, so that a deep or huge document never becomes objects). A service
 * that goes past a limit stops the import with status 2.
 * @module
 */
import { InvalidResponseError, maskSecrets, undiciTransport, type Transport } from "@checks-api/sdk";

/** A mebibyte, the unit the limits are given in. */
export const MIB = 1 << 20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** The limits of one import (documented in docs/cli.md). */
export interface ImportLimits {
  /** Largest answer read, in bytes. */
  answerBytes: number;
  /** Most bytes read over the whole import (ping bodies included). */
  totalBytes: number;
  /** Deepest nesting of arrays and objects in a JSON answer (the API's nest four deep). */
  depth: number;
  /** Most items in one list of a JSON answer: the checks of the project, a check's pings or flips. */
  listItems: number;
}

/** The limits `import` runs with. */
export const IMPORT_LIMITS: ImportLimits = { answerBytes: 16 * MIB, totalBytes: 256 * MIB, depth: 32, listItems: 10_000 };

/** What is wrong with a JSON text's shape, or `undefined`: scanned byte by byte, strings skipped, nothing built. */
export function shapeProblem(bytes: Uint8Array, limits: Pick<ImportLimits, "depth" | "listItems">): string | undefined {
  const isArray = new Uint8Array(limits.depth);
  const commas = new Float64Array(limits.depth);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (depth === limits.depth) return `it nests deeper than ${limits.depth} levels`;
      isArray[depth] = byte === OPEN_ARRAY ? 1 : 0;
      commas[depth++] = 0;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (byte === COMMA && depth > 0 && isArray[depth - 1] === 1) {
      // n commas separate n + 1 items.
      const count = (commas[depth - 1] ?? 0) + 1;
      if (count >= limits.listItems) return `a list in it has more than ${limits.listItems} items`;
      commas[depth - 1] = count;
    }
  }
  return undefined;
}

/** A limit of the import was reached: the service's project (or the service) is not one import can hold. */
export class ImportLimitError extends InvalidResponseError {
  override name = "ImportLimitError";
}

/**
 * The SDK's transport, its answers held to `limits`: each answer's bytes
 * through the SDK's own streaming limit (the client is given
 * `maxResponseBytes: limits.answerBytes`), the total here, and a JSON
 * answer's shape before the SDK parses it.
 * @param secrets Masked in the request paths the errors name.
 */
export function limitedTransport(limits: ImportLimits, secrets: readonly string[]): Transport {
  const transport = undiciTransport();
  let total = 0;
  return async (request) => {
    // The request as the SDK made it (its cancellation lives on it), with the client's maxResponseBytes.
    const response = await transport(request);
    total += response.body.byteLength;
    const refuse = (message: string) => {
      const url = new URL(request.url);
      throw new ImportLimitError({ method: request.method, path: maskSecrets(`${url.pathname}${url.search}`, secrets), status: response.status, message });
    };
    if (total > limits.totalBytes) refuse(`the service's answers add up to more than ${limits.totalBytes / MIB} MiB, more than import reads`);
    if (/^application\/json\b/i.test(response.headers.get("content-type") ?? "")) {
      const problem = shapeProblem(response.body, limits);
      if (problem !== undefined) refuse(`the service's answer is not one import reads: ${problem}`);
    }
    return response;
  };
}
