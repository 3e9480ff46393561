/**
 * TypeDoc plugin: in the guides, a Markdown link whose text names an
 * exported symbol and whose target is its package's entry file
 * (`[ChecksClient](../packages/sdk/src/index.ts)`) leads on the site to the
 * symbol's page, and on GitHub to the file that exports it — where a
 * `{@link}` tag would show as written. A link whose text names no export of
 * that entry is reported, which fails the build (warnings are errors).
 */
import { fileURLToPath } from "node:url";
import { Converter, normalizePath, ReflectionKind } from "typedoc";

const SCOPE = "@checks-api/";
const PACKAGES = new URL("../../packages/", import.meta.url);
const LABEL = /\[([\w.]+)\]\($/;

/** The entry file of a module: `@checks-api/sdk` → `packages/sdk/src/index.ts`, `@checks-api/sdk/fetch` → `…/src/fetch.ts`. */
function entryOf(name) {
  const [pkg, entry = "index"] = name.slice(SCOPE.length).split("/");
  return normalizePath(fileURLToPath(new URL(`${pkg}/src/${entry}.ts`, PACKAGES)));
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, ({ project }) => {
    const modules = new Map(
      project.getChildrenByKind(ReflectionKind.Module).filter((module) => module.name.startsWith(SCOPE)).map((module) => [entryOf(module.name), module]),
    );
    for (const document of project.getReflectionsByKind(ReflectionKind.Document)) {
      const parts = document.content;
      for (let i = 1; i < parts.length - 1; i++) {
        const [before, link, after] = [parts[i - 1], parts[i], parts[i + 1]];
        if (link.kind !== "relative-link" || typeof link.target !== "number" || before.kind !== "text") continue;
        const module = modules.get(project.files.resolvePath(link.target));
        const label = LABEL.exec(before.text)?.[1];
        if (!module || label === undefined || !after.text.startsWith(")")) continue;
        const symbol = module.getChildByName(label.split("."));
        if (!symbol) {
          app.logger.warn(`${document.name}: [${label}](…) names no export of ${module.name}`);
          continue;
        }
        parts[i - 1] = { ...before, text: before.text.slice(0, -(label.length + 3)) };
        parts[i] = { kind: "inline-tag", tag: "@link", text: label, target: symbol };
        parts[i + 1] = { ...after, text: after.text.slice(1) };
      }
    }
  });
}
