/**
 * TypeDoc plugin: each package's README.md becomes the front text of its
 * module page, as the root README is the site's. The READMEs link to the
 * guides, so the API reference leads to them; and links to a package's
 * README (from the guides or the root README) land on its module page.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Converter, MinimalSourceFile, normalizePath, ReflectionKind } from "typedoc";

const SCOPE = "@checks-api/";

/** @param {import("typedoc").Application} app */
export function load(app) {
  // A document is named after its file ("getting-started"); its title is the first heading.
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    const heading = document.content.map((part) => part.text).join("").match(/^# (.+)$/m);
    if (heading) document.name = heading[1].replace(/`/g, "");
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    for (const module of project.getChildrenByKind(ReflectionKind.Module)) {
      // "@checks-api/sdk/fetch" is a second entry of the sdk package, whose README is on the "@checks-api/sdk" page.
      if (!module.name.startsWith(SCOPE) || module.name.includes("/", SCOPE.length)) continue;
      const readme = normalizePath(join(process.cwd(), "packages", module.name.slice(SCOPE.length), "README.md"));
      const { content } = app.converter.parseRawComment(new MinimalSourceFile(readFileSync(readme, "utf8"), readme), project.files);
      module.readme = content;
      project.files.registerReflectionPath(readme, module);
    }
  });
}
