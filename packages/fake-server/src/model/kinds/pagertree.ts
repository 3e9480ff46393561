/**
 * The `pagertree` kind: a PagerTree integration's webhook URL, posted an
 * incident (`incidents.ts`) triggered going down, resolved going up.
 * @module
 */
import { jsonAlert } from "../notify/http-alert.js";
import { description, headline } from "../notify/incidents.js";
import { tagList, templated } from "../notify/formats.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "pagertree";

function renderPagerTree(view: AlertView): HttpAlert {
  return jsonAlert(plainValue(KIND, view.channel.value), {
    incident_key: view.check.uniqueKey,
    event_type: view.flip.status === "down" ? "trigger" : "resolve",
    title: templated(headline(view)),
    description: description(view, true),
    client: view.site.name,
    client_url: view.site.root,
    tags: tagList(view.check.tags).join(" "),
  });
}

/** The `pagertree` kind. */
export const pagertree = {
  kind: KIND,
  builder: {
    /**
     * A PagerTree integration's webhook.
     * @example
     * ```ts
     * channels.pagertree("https://api.pagertree.com/integration/int_abc");
     * ```
     */
    pagertree(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: renderPagerTree,
} satisfies KindModule<typeof KIND>;
