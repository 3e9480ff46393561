/**
 * The service's own rules for every integration kind, as the running fake
 * applies them: the pure settings checks and renderers of `model/notify/`.
 * @module
 */
import { notifies } from "../model/notify/channel-switches.js";
import { isPermanentFailure } from "../model/notify/permanent-failure.js";
import { deliveryRateLimit } from "../model/notify/rate-limit.js";
import { renderAlert } from "../model/notify/render.js";
import { validateChannelValue } from "../model/notify/settings.js";
import type { NotifyRules } from "./rules.js";

/** The rules of Healthchecks v4.3. */
export const SERVICE_RULES: NotifyRules = { validateChannelValue, notifies, isPermanentFailure, rateLimit: deliveryRateLimit, renderAlert };
