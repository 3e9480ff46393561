/**
 * Inbound email pings (`docs/reference.md#inbound-email`): recipient lookup, keyword
 * classification, and recording the message as a ping.
 * @module
 */
import { USER_AGENT_MAX_LENGTH, type PingType } from "@checks-api/schema/lite";
import type { Core } from "../service.js";
import { emailSearchText, parseRecipient, renderEmail, type EmailMessage } from "./message.js";
import { classifyByKeywords } from "../keywords.js";
import { cutCodePoints } from "../../text/code-points.js";
import { applyPing } from "../signals.js";
import type { StoredCheck } from "../store.js";

/** A message handed to `FakeServer.deliverEmail()`. `raw`, when given, is the whole message and wins over the parts. */
export interface InboundEmail extends EmailMessage {
  /** Recipient address (`{uuid}@domain` or `{ping_key}+{slug}@domain`). */
  to: string;
  /** Address of the SMTP client (default `null`: unknown). */
  remoteAddr?: string;
}

/** What happened to a delivered message. */
export interface EmailOutcome {
  /** `recorded`: logged as a ping; otherwise why nothing was recorded. */
  outcome: "recorded" | "not-found" | "ambiguous" | "rejected";
  /** The logged ping's type, when recorded. */
  type?: PingType;
}

function findTarget(core: Core, to: string): StoredCheck | EmailOutcome {
  const target = parseRecipient(to, core.options.pingEmailDomain);
  if (target.kind === "rejected") return { outcome: "rejected" };
  if (target.kind === "uuid") return core.store.checks.get(target.uuid) ?? { outcome: "not-found" };
  const project = core.store.pingKeys.get(target.pingKey);
  const matches = project ? [...project.checks.values()].filter((c) => c.slug === target.slug) : [];
  if (matches.length > 1) return { outcome: "ambiguous" };
  return matches[0] ?? { outcome: "not-found" };
}

/**
 * Classifies a message for a check: success when no email
 * filter is on; else failure, success, start keywords in that order; then
 * `filter_default_fail`; then `ign` — or, in seed mode, success when the
 * check has no success keywords (`docs/reference.md#8-an-email-that-matches-no-keyword`).
 */
function classifyEmail(core: Core, check: StoredCheck, message: EmailMessage): PingType {
  if (!check.filter_subject && !check.filter_body) return "success";
  const matched = classifyByKeywords(emailSearchText(message, check), check);
  if (matched) return matched;
  if (check.filter_default_fail) return "fail";
  return core.options.compat === "seed" && check.success_kw === "" ? "success" : "ign";
}

/**
 * Delivers a message to the check its recipient names and records it as a
 * ping; `bytes`, when the message came over SMTP, are its exact bytes (the
 * stored body), of which `message.raw` is the text.
 */
export function deliverEmail(core: Core, message: InboundEmail, now: number, bytes?: Uint8Array): EmailOutcome {
  const found = findTarget(core, message.to);
  if (!("uuid" in found)) return found;
  const raw = message.raw ?? renderEmail(message);
  const record = applyPing(core.store, found, {
    type: classifyEmail(core, found, message),
    at: now,
    scheme: "email",
    remoteAddr: message.remoteAddr ?? null,
    method: "",
    ua: cutCodePoints(`Email from ${message.from ?? ""}`, USER_AGENT_MAX_LENGTH),
    rid: null,
    body: bytes ?? new TextEncoder().encode(raw),
    exitStatus: null,
  });
  return { outcome: "recorded", type: record.type };
}
