/**
 * The repository's public address, read from the root package.json
 * `repository` field: shipped files (the packages' READMEs, the `.d.ts`
 * files) link to the guides there, since a relative link to `docs/` leads
 * nowhere once a package is installed or shown on the registry's page.
 * @module
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The repository root (this file's folder's parent). */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The repository's web address, without a trailing slash
 * (`git+https://host/owner/name.git` becomes `https://host/owner/name`).
 * @param {string} [root] the repository root whose package.json to read
 * @returns {string}
 */
export function repositoryUrl(root = ROOT) {
  const manifest = JSON.parse(readFileSync(`${root}/package.json`, "utf8"));
  const url = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
  if (!url) throw new Error("the root package.json has no repository url");
  return url.replace(/^git\+/, "").replace(/\.git$/, "");
}

/**
 * Where a file of the repository is shown on the web, by its path from the repository root.
 * @param {string} path e.g. `docs/testing.md`
 * @param {string} [root] the repository root
 * @returns {string}
 */
export function repositoryFileUrl(path, root = ROOT) {
  return `${repositoryUrl(root)}/blob/main/${path}`;
}
