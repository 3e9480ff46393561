/**
 * TypeDoc plugin: a guide's page and navigation entry take the title of its
 * first heading. TypeDoc names a document after its file ("getting-started")
 * unless its front matter has a title, which GitHub would show as a table
 * above the guide.
 */
import { Converter } from "typedoc";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    const heading = /^# (.+)$/m.exec(document.content.map((part) => part.text).join(""));
    if (heading) document.name = heading[1].replaceAll("`", "");
  });
}
