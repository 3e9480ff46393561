/**
 * The `spike` kind: a Spike webhook's URL, posted the check as an incident
 * (`incidents.ts`).
 * @module
 */
import { jsonAlert } from "../notify/http-alert.js";
import { description, headline } from "../notify/incidents.js";
import { templated } from "../notify/formats.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "spike";

function renderSpike(view: AlertView): HttpAlert {
  return jsonAlert(plainValue(KIND, view.channel.value), {
    check_id: view.check.uniqueKey,
    title: templated(headline(view)),
    message: description(view, false),
    status: view.flip.status,
  });
}

/** The `spike` kind. */
export const spike = {
  kind: KIND,
  builder: {
    /**
     * A Spike webhook.
     * @example
     * ```ts
     * channels.spike("https://api.spike.sh/v1/alerts/abc");
     * ```
     */
    spike(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: renderSpike,
} satisfies KindModule<typeof KIND>;
