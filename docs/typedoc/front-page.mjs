/**
 * TypeDoc plugin: the front page shows the project's name once. The page
 * title already is the name, so the README's own first heading, which
 * repeats it for GitHub, is left out of the site.
 */
import { Converter } from "typedoc";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, ({ project }) => {
    const [first] = project.readme ?? [];
    const heading = `# ${project.name}\n`;
    if (first?.kind === "text" && first.text.startsWith(heading)) {
      project.readme = [{ ...first, text: first.text.slice(heading.length).replace(/^\n+/, "") }, ...project.readme.slice(1)];
    }
  });
}
