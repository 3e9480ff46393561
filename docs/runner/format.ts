/**
 * How the documentation site's Run button shows what an example printed:
 * one line per `console.log` call, its arguments joined by spaces, strings
 * as they are and other values as JSON, as Node's console would show them
 * in spirit. The docs tests format what a snippet prints under Node with
 * the same function, so the two outputs compare line for line.
 * @module
 */

/** Past this many characters a value is shown over several lines. */
const WIDTH = 80;

/** One value of a `console.log` call as the page prints it. */
export function formatValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return formatError(value);
  if (value === undefined || typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (typeof value === "function") return `[Function ${value.name || "(anonymous)"}]`;
  if (typeof value === "symbol") return value.toString();
  try {
    const replacer = (_key: string, inner: unknown) => (typeof inner === "bigint" ? `${inner}n` : inner);
    const line = JSON.stringify(value, replacer) ?? String(value);
    return line.length <= WIDTH ? line : JSON.stringify(value, replacer, 2);
  } catch {
    return String(value);
  }
}

/** The line a `console.log(...args)` call prints. */
export function formatLine(args: readonly unknown[]): string {
  return args.map(formatValue).join(" ");
}

/** An error as the page shows one that an example threw: its name, message and causes. */
export function formatError(error: unknown): string {
  if (!(error instanceof Error)) return `Uncaught ${formatValue(error)}`;
  let text = `${error.name}: ${error.message}`;
  // An assertion's error carries both values; vitest shows them under the message, as here.
  const { actual, expected, showDiff } = error as { actual?: unknown; expected?: unknown; showDiff?: boolean };
  if ("actual" in error && "expected" in error && showDiff !== false) {
    text += `\n  expected: ${formatValue(expected)}\n  received: ${formatValue(actual)}`;
  }
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) text += `\n  caused by ${cause.name}: ${cause.message}`;
  return text;
}
