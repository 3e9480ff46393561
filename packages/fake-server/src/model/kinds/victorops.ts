/**
 * The `victorops` kind (Splunk On-Call): a REST endpoint's URL, posted the
 * check as an incident (`incidents.ts`), a `CRITICAL` message going down
 * and `RECOVERY` going up. An answer of 404 disables the channel.
 * @module
 */
import { jsonAlert } from "../notify/http-alert.js";
import { headline } from "../notify/incidents.js";
import { nameThenCode, templated } from "../notify/formats.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "victorops";

function renderVictorOps(view: AlertView): HttpAlert {
  return jsonAlert(plainValue(KIND, view.channel.value), {
    entity_id: view.check.uniqueKey,
    message_type: view.flip.status === "down" ? "CRITICAL" : "RECOVERY",
    entity_display_name: nameThenCode(view),
    state_message: templated(`${headline(view)}.`),
    monitoring_tool: view.site.name,
  });
}

/** The `victorops` kind. */
export const victorops = {
  kind: KIND,
  builder: {
    /**
     * A Splunk On-Call (VictorOps) REST endpoint.
     * @example
     * ```ts
     * channels.victorops("https://alert.victorops.com/integrations/generic/20131114/alert/key/route");
     * ```
     */
    victorops(url: string): TypedChannel<typeof KIND> {
      return made(KIND, url);
    },
  },
  render: renderVictorOps,
  isPermanentFailure: (status) => status === 404,
} satisfies KindModule<typeof KIND>;
