/**
 * The packages as `npm pack` makes them from a clean tree: a copy of the
 * repository's build inputs with no `dist/`, where each package's `prepack`
 * has to build it. Packing takes a full build, so the tarballs are kept
 * under `node_modules/.cache/` by a digest of everything that goes into
 * them, and every test of the packed packages shares them: a run whose
 * sources did not change since the last one packs nothing.
 * @module
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PACKAGES, packagesHash } from "../../scripts/build.mjs";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CACHE = join(ROOT, "node_modules", ".cache", "checks-api-pack");
/** Files of a package that go into its tarball as they are. */
const SHIPPED_AS_IS = ["package.json", "README.md", "LICENSE", "openapi.json"];
/** The commands of the workspace packages. */
const OWN_COMMANDS = new Set(
  PACKAGES.flatMap((dir) => Object.keys((JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as { bin?: object }).bin ?? {})),
);
/** What the clean tree needs from the repository root besides the packages. */
const ROOT_FILES = ["package.json", "package-lock.json", "tsconfig.base.json", "scripts"];

/** One packed package. */
export interface PackedPackage {
  /** The package name. */
  name: string;
  /** The package folder, relative to the repository root. */
  dir: string;
  /** The tarball. */
  tarball: string;
  /** The files in the tarball, as `npm pack` listed them. */
  files: string[];
  /** Whether the package's `dist/` existed before `npm pack` ran (never, in a clean tree). */
  distBefore: boolean;
}

/** A digest of everything the tarballs are made of. */
function packDigest(): string {
  const hash = createHash("sha256").update(packagesHash());
  for (const dir of PACKAGES) {
    for (const file of SHIPPED_AS_IS) {
      const path = join(ROOT, dir, file);
      hash.update(`${dir}/${file}\0`).update(existsSync(path) ? readFileSync(path) : "");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A new copy of the repository's build inputs without any build output, as
 * a fresh clone has them after `npm ci --ignore-scripts`. Its `node_modules`
 * links the repository's third-party packages and holds the workspace links
 * to the copy's own packages.
 */
export function cleanTree(): string {
  const tree = mkdtempSync(join(tmpdir(), "checks-api-clean-"));
  for (const file of ROOT_FILES) cpSync(join(ROOT, file), join(tree, file), { recursive: true });
  for (const dir of PACKAGES) {
    const skipped = new Set(["dist", "node_modules", "test"].map((name) => join(ROOT, dir, name)));
    cpSync(join(ROOT, dir), join(tree, dir), { recursive: true, filter: (source) => !skipped.has(source) });
  }
  const modules = join(tree, "node_modules");
  mkdirSync(join(modules, "@checks-api"), { recursive: true });
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry === "@checks-api" || entry === ".cache" || entry === ".bin") continue;
    symlinkSync(join(ROOT, "node_modules", entry), join(modules, entry));
  }
  // The commands of the third-party packages; npm adds the workspaces' own, as `npm ci` would.
  mkdirSync(join(modules, ".bin"));
  for (const command of readdirSync(join(ROOT, "node_modules", ".bin"))) {
    if (!OWN_COMMANDS.has(command)) symlinkSync(realpathSync(join(ROOT, "node_modules", ".bin", command)), join(modules, ".bin", command));
  }
  for (const dir of PACKAGES) symlinkSync(join(tree, dir), join(modules, "@checks-api", basename(dir)), "dir");
  return tree;
}

/** The package's `npm pack --json` entry, as far as it is read here. */
interface PackResult {
  name: string;
  filename: string;
  files: { path: string }[];
}

/** Packs every package from a new clean tree into `destination`, in build order. */
function packAll(destination: string): PackedPackage[] {
  const tree = cleanTree();
  try {
    return PACKAGES.map((dir) => {
      const distBefore = existsSync(join(tree, dir, "dist"));
      const output = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], {
        cwd: join(tree, dir),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      const [packed] = JSON.parse(output) as PackResult[];
      return { name: packed!.name, dir, tarball: join(destination, packed!.filename), files: packed!.files.map((file) => file.path), distBefore };
    });
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

/**
 * The tarballs of the current sources: from the cache when they were packed
 * before, else packed now from a clean tree (the cache keeps the last set only).
 */
export function packedPackages(): PackedPackage[] {
  const digest = packDigest();
  const dir = join(CACHE, digest);
  const index = join(dir, "packages.json");
  if (existsSync(index)) {
    const packed = JSON.parse(readFileSync(index, "utf8")) as PackedPackage[];
    if (packed.every((pkg) => existsSync(pkg.tarball))) return packed;
  }
  rmSync(CACHE, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const packed = packAll(dir);
  writeFileSync(index, JSON.stringify(packed, null, 2));
  return packed;
}
