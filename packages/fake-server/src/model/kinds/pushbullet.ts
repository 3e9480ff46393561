/**
 * The Pushbullet note (at Pushbullet's address, with the integration's
 * access token): titled with the site's name, saying what happened to the
 * check.
 * @module
 */
import { downtimeText, nameThenCode, reasonSuffix, templated } from "../notify/formats.js";
import { jsonAlert } from "../notify/http-alert.js";
import { plainValue } from "../notify/settings.js";
import type { AlertView, HttpAlert } from "../notify/view.js";
import { made, type KindModule, type TypedChannel } from "./kind.js";

const KIND = "pushbullet";

function renderPushbullet(view: AlertView): HttpAlert {
  const name = nameThenCode(view);
  const downtime = downtimeText(view);
  const body =
    view.flip.status === "down"
      ? `The check "${name}" is DOWN${reasonSuffix(view)}.`
      : `The check "${name}" is UP.${downtime ? `\nThe downtime lasted ${downtime}.` : ""}`;
  const headers: Array<[string, string]> = [
    ["Access-Token", plainValue(KIND, view.channel.value)],
    ["Content-Type", "application/json"],
  ];
  return jsonAlert("https://api.pushbullet.com/v2/pushes", { type: "note", title: view.site.name, body: templated(body) }, headers);
}

/** The `pushbullet` kind. */
export const pushbullet = {
  kind: KIND,
  builder: {
    /**
     * A Pushbullet access token.
     * @example
     * ```ts
     * channels.pushbullet("o.abcdefghijklmnopqrstuvwxyz012345");
     * ```
     */
    pushbullet(accessToken: string): TypedChannel<typeof KIND> {
      return made(KIND, accessToken);
    },
  },
  render: renderPushbullet,
  vendor: true,
} satisfies KindModule<typeof KIND>;
