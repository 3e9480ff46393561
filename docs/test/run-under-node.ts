/**
 * Runs a snippet under Node as a reader would: a script with only the
 * environment given (when it reads one) and its console captured, each
 * line formatted as the site's Run button formats it.
 * @module
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { vi } from "vitest";
import { formatLine } from "../runner/format.js";
import { SNIPPETS_DIR } from "../scripts/snippets.js";

/** The URL to import a snippet by. */
export const snippetUrl = (snippet: string): string => pathToFileURL(join(SNIPPETS_DIR, snippet)).href;

/** A line a snippet printed, with the console method's kind, as the site shows it. */
export type PrintedLine = `${"log" | "warn" | "error"} ${string}`;

const KINDS = { log: "log", info: "log", debug: "log", warn: "warn", error: "error" } as const;

/**
 * Imports the snippet with exactly the given `CHECKS_*` / `CHECK_UUID`
 * variables set (the process's own are put back afterwards) and returns
 * what it printed instead of printing it.
 */
export async function runScript(snippet: string, env: Record<string, string> = {}): Promise<PrintedLine[]> {
  const ours = (name: string) => name.startsWith("CHECKS_") || name === "CHECK_UUID";
  const saved = Object.entries(process.env).filter(([name]) => ours(name));
  for (const name of Object.keys(process.env)) if (ours(name)) delete process.env[name];
  Object.assign(process.env, env);
  const printed: PrintedLine[] = [];
  const spies = Object.entries(KINDS).map(([method, kind]) =>
    vi.spyOn(console, method as "log").mockImplementation((...args: unknown[]) => void printed.push(`${kind} ${formatLine(args)}`)),
  );
  try {
    await import(snippetUrl(snippet));
  } finally {
    for (const name of Object.keys(process.env)) if (ours(name)) delete process.env[name];
    Object.assign(process.env, Object.fromEntries(saved));
    for (const spy of spies) spy.mockRestore();
  }
  return printed;
}
