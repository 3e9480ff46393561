/**
 * No documented or scripted command runs an unscoped package through npx.
 * Where the package is not installed, npx (and `npm exec`) fetches the name
 * from the registry and runs it, asking nobody in CI: an unscoped name we do
 * not own would run whoever published it. Only `@checks-api/*` names pass.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { ROOT } from "../scripts/snippets.js";

const SCANNED = ["README.md", "package.json", "docs", "examples", "bench", ".ci", "packages"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "site", "__pycache__"]);
const TEXT = /(\.(md|ts|mts|cts|js|mjs|cjs|json|py|sh|ya?ml)|^run)$/;
const OURS = /^@checks-api\//;

/** Text files under the scanned paths. */
function files(path: string): string[] {
  const full = join(ROOT, path);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return TEXT.test(path) ? [full] : [];
  }
  return entries.flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : files(join(path, entry.name));
    return TEXT.test(entry.name) ? [join(full, entry.name)] : [];
  });
}

/** The packages an npx command line runs: its `-p` / `--package` values, else its command. */
function packagesRun(commandLine: string): string[] {
  const tokens = commandLine.split(/\s+/).filter(Boolean);
  const named: string[] = [];
  let command: string | undefined;
  for (let i = 0; i < tokens.length && command === undefined; i++) {
    const token = tokens[i]!;
    if (token === "-p" || token === "--package") named.push(tokens[++i] ?? "");
    else if (token.startsWith("--package=")) named.push(token.slice("--package=".length));
    else if (!token.startsWith("-")) command = token;
  }
  return named.length > 0 ? named : command === undefined ? [] : [command];
}

/** Every npx / `npm exec` / `npm x` call of a text, up to the end of its shell command. */
function npxCalls(text: string): { line: number; call: string }[] {
  return [...text.matchAll(/(?<![\w./-])(?:npx|npm\s+(?:exec|x))(?![\w-])([^\n`'"|&;)]*)/g)].map((match) => ({
    line: text.slice(0, match.index).split("\n").length,
    call: match[0],
  }));
}

it("reads the packages an npx call runs", () => {
  const call = ["np", "x"].join("");
  expect(packagesRun(`--yes -p @checks-api/fake-server checks-fake-server --port 0`)).toEqual(["@checks-api/fake-server"]);
  expect(packagesRun(`--package=left-pad left-pad`)).toEqual(["left-pad"]);
  expect(packagesRun(`--yes checks-fake-server --port 0`)).toEqual(["checks-fake-server"]);
  expect(npxCalls(`run \`${call} tsx a.ts\` or ${call} -p x y && next`).map((found) => found.call)).toEqual([
    `${call} tsx a.ts`,
    `${call} -p x y `,
  ]);
});

it("runs only @checks-api packages through npx in every document and script", () => {
  // This file names the tool in its prose; everywhere else it is followed by a command.
  const scanned = SCANNED.flatMap(files).filter((file) => file !== fileURLToPath(import.meta.url));
  expect(scanned.length).toBeGreaterThan(30);
  const unsafe = scanned.flatMap((file) =>
    npxCalls(readFileSync(file, "utf8"))
      .filter(({ call }) => packagesRun(call.replace(/^\S+(\s+(exec|x)\b)?/, "")).some((name) => !OURS.test(name)))
      .map(({ line, call }) => `${relative(ROOT, file)}:${line}: ${call.trim()}`),
  );
  expect(unsafe).toEqual([]);
});
