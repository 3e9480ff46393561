/**
 * Builds the workspace packages with tsup, each after the packages it
 * depends on, and skips a package whose inputs (its sources and build
 * configuration, the lock file, and its dependencies' inputs) are unchanged
 * since its last build here: the root `build`, the `prepare` that runs on
 * `npm ci`, each package's `prepack` and the test setup share one build.
 *
 * Usage: `node scripts/build.mjs [--force] [--js-only] [package folder …]`
 * (all packages by default). `--js-only` leaves out the type declarations,
 * which take nine tenths of the time: `prepare` builds so, which is enough
 * to run the CLI from a fresh clone and keeps `npm ci` quick; a full build
 * replaces it when one is asked for.
 *
 * After tsup, the source maps name their sources by relative paths only
 * (tsup's CommonJS chunks name the generated file by its absolute path on
 * the building machine), so that every source a map names is a file the
 * package ships; and the relative links of the `.d.ts` files' doc comments to the
 * repository's guides become absolute: an installed package has no `docs/`.
 * @module
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { repositoryFileUrl, repositoryUrl } from "./repository.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SCRIPT = fileURLToPath(import.meta.url);
/** The package folders, each after those it depends on. */
export const PACKAGES = ["packages/schema", "packages/sdk", "packages/fake-server"];
/** Files outside a package whose change changes every build. */
const SHARED_INPUTS = ["tsconfig.base.json", "package-lock.json", "scripts/build.mjs", "scripts/repository.mjs"];
/** Files of a package, besides `src/`, that its build reads. */
const PACKAGE_INPUTS = ["package.json", "tsup.config.ts", "tsconfig.json"];
const STAMPS = join(ROOT, "node_modules", ".cache", "checks-api-build");

/** @param {string} dir @returns {string[]} every file under `dir`, sorted */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** @param {string} dir @returns {{ name: string, dependencies?: Record<string, string> }} */
const manifestOf = (dir) => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));

/** @param {string} name a package name @returns {string | undefined} its folder, when it is a workspace package */
const folderOf = (name) => PACKAGES.find((dir) => manifestOf(dir).name === name);

/** @param {string} dir @returns {string[]} the workspace packages `dir` depends on */
const workspaceDependencies = (dir) =>
  Object.keys(manifestOf(dir).dependencies ?? {}).map(folderOf).filter((folder) => folder !== undefined);

/** @type {Map<string, string>} */
const hashes = new Map();

/**
 * A digest of everything a package's build reads: its own inputs, the shared
 * ones, and the digests of the workspace packages it depends on.
 * @param {string} dir
 * @returns {string}
 */
function inputHash(dir) {
  const known = hashes.get(dir);
  if (known) return known;
  const hash = createHash("sha256");
  const files = [
    ...SHARED_INPUTS.map((file) => join(ROOT, file)),
    ...PACKAGE_INPUTS.map((file) => join(ROOT, dir, file)),
    ...filesUnder(join(ROOT, dir, "src")),
  ];
  for (const file of files) {
    hash.update(relative(ROOT, file)).update("\0");
    if (existsSync(file)) hash.update(readFileSync(file));
    hash.update("\0");
  }
  for (const dependency of workspaceDependencies(dir)) hash.update(inputHash(dependency));
  const digest = hash.digest("hex");
  hashes.set(dir, digest);
  return digest;
}

/** @returns {string} a digest of the inputs of every package's build */
export function packagesHash() {
  const hash = createHash("sha256");
  for (const dir of PACKAGES) hash.update(inputHash(dir));
  return hash.digest("hex");
}

/** @param {string} dir @returns {string} where the record of the package's last build is kept */
const stampOf = (dir) => join(STAMPS, `${basename(dir)}.json`);

/**
 * @param {string} dir
 * @param {boolean} jsOnly whether a build without type declarations will do
 * @returns {boolean} true when `dist/` holds a build of the current inputs, as complete as asked
 */
function upToDate(dir, jsOnly) {
  const stamp = stampOf(dir);
  if (!existsSync(stamp)) return false;
  const { hash, full, files } = JSON.parse(readFileSync(stamp, "utf8"));
  if (hash !== inputHash(dir) || !(full || jsOnly)) return false;
  return files.length > 0 && files.every((/** @type {string} */ file) => existsSync(join(ROOT, dir, file)));
}

/**
 * Points the doc comments' relative links to the repository's files (the
 * guides, the root README) at their address in the repository.
 * @param {string} text a `.d.ts` file
 * @returns {string}
 */
export function absoluteRepositoryLinks(text) {
  return text
    .replace(/\]\((?:\.\.\/)+README\.md\)/g, () => `](${repositoryUrl(ROOT)}#readme)`)
    .replace(/\]\((?:\.\.\/)+((?:docs|examples)\/[^)\s]+)\)/g, (_, path) => `](${repositoryFileUrl(path, ROOT)})`);
}

/**
 * A source map whose absolute paths (`sources`, `file`) are made relative to its folder.
 * @param {string} text a source map
 * @param {string} folder the folder the map is in
 * @returns {string}
 */
export function relativeSources(text, folder) {
  const map = JSON.parse(text);
  const local = (/** @type {string} */ path) => (isAbsolute(path) ? relative(folder, path) : path);
  const sources = map.sources.map(local);
  const file = typeof map.file === "string" ? local(map.file) : map.file;
  if (sources.every((source, i) => source === map.sources[i]) && file === map.file) return text;
  return JSON.stringify({ ...map, sources, file });
}

/**
 * Runs tsup in the package folder, then makes its declarations' links absolute.
 * @param {string} dir
 * @param {boolean} jsOnly without type declarations
 */
function build(dir, jsOnly) {
  const tsup = join(ROOT, "node_modules", "tsup", "dist", "cli-default.js");
  const args = [tsup, "--silent", ...(jsOnly ? ["--no-dts"] : [])];
  const run = spawnSync(process.execPath, args, { cwd: join(ROOT, dir), stdio: "inherit" });
  if (run.status !== 0) throw new Error(`${dir}: tsup exited with ${run.status ?? run.signal}`);
  const dist = join(ROOT, dir, "dist");
  for (const file of filesUnder(dist).filter((file) => file.endsWith(".map"))) {
    const text = readFileSync(file, "utf8");
    const relativeMap = relativeSources(text, dirname(file));
    if (relativeMap !== text) writeFileSync(file, relativeMap);
  }
  for (const file of filesUnder(dist).filter((file) => /\.d\.c?ts$/.test(file))) {
    const text = readFileSync(file, "utf8");
    const linked = absoluteRepositoryLinks(text);
    if (linked !== text) writeFileSync(file, linked);
  }
  mkdirSync(STAMPS, { recursive: true });
  const files = filesUnder(dist).map((file) => relative(join(ROOT, dir), file));
  writeFileSync(stampOf(dir), JSON.stringify({ hash: inputHash(dir), full: !jsOnly, files }));
}

/**
 * Builds the packages in `dirs` and the workspace packages they depend on, in order.
 * @param {string[]} dirs package folders relative to the repository root
 * @param {{ force?: boolean, jsOnly?: boolean }} [options] `force` builds even what is up to date;
 *   `jsOnly` leaves out the type declarations (a full build that is up to date is kept)
 * @returns {string[]} the folders that were built
 */
export function buildPackages(dirs, { force = false, jsOnly = false } = {}) {
  // Each package after its dependencies, whatever order the folders come in.
  /** @type {Set<string>} */
  const wanted = new Set();
  const want = (/** @type {string} */ dir) => {
    if (wanted.has(dir)) return;
    for (const dependency of workspaceDependencies(dir)) want(dependency);
    wanted.add(dir);
  };
  for (const dir of dirs) want(dir);
  const built = [];
  for (const dir of wanted) {
    if (!force && upToDate(dir, jsOnly)) continue;
    build(dir, jsOnly);
    built.push(dir);
  }
  return built;
}

if (process.argv[1] && resolve(process.argv[1]) === SCRIPT) {
  const args = process.argv.slice(2);
  const flags = { force: args.includes("--force"), jsOnly: args.includes("--js-only") };
  const dirs = args.filter((arg) => !arg.startsWith("--")).map((arg) => relative(ROOT, resolve(arg)));
  const unknownFlags = args.filter((arg) => arg.startsWith("--") && arg !== "--force" && arg !== "--js-only");
  if (unknownFlags.length > 0) {
    console.error(`unknown option: ${unknownFlags.join(", ")} (usage: node scripts/build.mjs [--force] [--js-only] [package folder …])`);
    process.exit(2);
  }
  const unknown = dirs.filter((dir) => !PACKAGES.includes(dir));
  if (unknown.length > 0) {
    console.error(`not a package folder: ${unknown.join(", ")} (the packages: ${PACKAGES.join(", ")})`);
    process.exit(2);
  }
  try {
    const built = buildPackages(dirs.length > 0 ? dirs : PACKAGES, flags);
    // On stderr: `npm pack --json` runs this as `prepack`, and its stdout is the JSON.
    console.error(built.length > 0 ? `built ${built.join(", ")}` : "the packages' builds are up to date");
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
