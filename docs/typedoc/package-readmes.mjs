/**
 * TypeDoc plugin: each package's README.md becomes the front text of its
 * module page, as the root README is the site's. The READMEs link to the
 * guides, so the API reference leads to them; and links to a package's
 * README (from the guides or the root README) land on its module page.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Converter, MinimalSourceFile, normalizePath, ReflectionKind } from "typedoc";
import { repositoryFileUrl, repositoryUrl } from "../../scripts/repository.mjs";

const SCOPE = "@checks-api/";
const PACKAGES = new URL("../../packages/", import.meta.url);

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, ({ project }) => {
    for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
      // "@checks-api/sdk/fetch" is a second entry of the sdk package, whose README is on the "@checks-api/sdk" page.
      if (!module.name.startsWith(SCOPE) || module.name.includes("/", SCOPE.length)) continue;
      const readme = normalizePath(fileURLToPath(new URL(`${module.name.slice(SCOPE.length)}/README.md`, PACKAGES)));
      const source = new MinimalSourceFile(siteLinks(readFileSync(readme, "utf8")), readme);
      module.readme = app.converter.parseRawComment(source, project.files).content;
      project.files.registerReflectionPath(readme, module);
    }
  });
}

/**
 * The READMEs link to the repository's files by their web address, as a
 * package's page on the registry needs; on the site, those links lead to
 * the site's own pages, as relative links do.
 * @param {string} markdown a package README
 * @returns {string}
 */
function siteLinks(markdown) {
  return markdown.replaceAll(`](${repositoryUrl()}#readme)`, "](../../README.md)").replaceAll(`](${repositoryFileUrl("")}`, "](../../");
}
