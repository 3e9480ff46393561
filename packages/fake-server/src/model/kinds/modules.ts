/**
 * The registry of integration kinds: one line per kind, each exporting the
 * kind's module under the kind's name (`registry.ts` reads them; a test
 * checks that they are exactly the schema's `CHANNEL_KINDS`).
 * @module
 */
export { apprise } from "./apprise.js";
export { call } from "./call.js";
export { discord } from "./discord.js";
export { email } from "./email.js";
export { github } from "./github.js";
export { googlechat } from "./googlechat.js";
export { gotify } from "./gotify.js";
export { group } from "./group.js";
export { matrix } from "./matrix.js";
export { mattermost } from "./mattermost.js";
export { msteamsw } from "./msteamsw.js";
export { ntfy } from "./ntfy.js";
export { opsgenie } from "./opsgenie.js";
export { pagertree } from "./pagertree.js";
export { pd } from "./pd.js";
export { po } from "./po.js";
export { pushbullet } from "./pushbullet.js";
export { rocketchat } from "./rocketchat.js";
export { shell } from "./shell.js";
export { signal } from "./signal.js";
export { slack } from "./slack.js";
export { sms } from "./sms.js";
export { spike } from "./spike.js";
export { telegram } from "./telegram.js";
export { trello } from "./trello.js";
export { victorops } from "./victorops.js";
export { webhook } from "./webhook.js";
export { whatsapp } from "./whatsapp.js";
export { zulip } from "./zulip.js";
