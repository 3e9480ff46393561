/**
 * Inbound email pings (`docs/reference.md#inbound-email`): recipient lookup, keyword
 * classification, and recording the message as a ping.
 * @module
 */
import { USER_AGENT_MAX_LENGTH, type PingType } from "@checks-api/schema";
import type { Core } from "../service.js";
import { parseRecipient, renderEmail, SearchTexts, type EmailMessage } from "./message.js";
import { classifyByKeywords, keywordsOf } from "../keywords.js";
import { keywordsIn } from "../../text/keyword-scan.js";
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
 * Classifies one message for the checks it pings: the message is parsed at
 * most once, and each text it offers the filters is searched in one pass
 * for the keywords of all those checks, so a message to many checks costs
 * about what one costs.
 */
class EmailClassifier {
  readonly #texts: SearchTexts;
  readonly #checks: readonly StoredCheck[];
  readonly #found = new Map<string, Set<string>>();

  /** `checks`: every check the message will be classified for. */
  constructor(message: EmailMessage, checks: readonly StoredCheck[], bytes?: Uint8Array) {
    this.#texts = new SearchTexts(message, bytes);
    this.#checks = checks;
  }

  /** The keywords of every check searching `text` that it holds. */
  #keywordsIn(text: string): Set<string> {
    let found = this.#found.get(text);
    if (!found) {
      const wanted = new Set<string>();
      for (const check of this.#checks) {
        if ((!check.filter_subject && !check.filter_body) || this.#texts.for(check) !== text) continue;
        for (const list of [check.failure_kw, check.success_kw, check.start_kw]) for (const keyword of keywordsOf(list)) wanted.add(keyword);
      }
      found = keywordsIn(text, wanted);
      this.#found.set(text, found);
    }
    return found;
  }

  /**
   * Success when no email filter is on; else failure, success, start
   * keywords in that order; then `filter_default_fail`; then `ign` — or, in
   * seed mode, success when the check has no success keywords
   * (`docs/reference.md#8-an-email-that-matches-no-keyword`).
   */
  classify(core: Core, check: StoredCheck): PingType {
    if (!check.filter_subject && !check.filter_body) return "success";
    const text = this.#texts.for(check);
    const found = this.#keywordsIn(text);
    const matched = classifyByKeywords(text, check, (keyword) => found.has(keyword));
    if (matched) return matched;
    if (check.filter_default_fail) return "fail";
    return core.options.compat === "seed" && check.success_kw === "" ? "success" : "ign";
  }
}

function record(core: Core, check: StoredCheck, type: PingType, now: number, from: string, remoteAddr: string | null, body: Uint8Array): EmailOutcome {
  const logged = applyPing(core.store, check, {
    type,
    at: now,
    scheme: "email",
    remoteAddr,
    method: "",
    ua: cutCodePoints(`Email from ${from}`, USER_AGENT_MAX_LENGTH),
    rid: null,
    body,
    exitStatus: null,
  });
  return { outcome: "recorded", type: logged.type };
}

/** Delivers a message to the check its recipient names and records it as a ping. */
export function deliverEmail(core: Core, message: InboundEmail, now: number): EmailOutcome {
  const found = findTarget(core, message.to);
  if (!("uuid" in found)) return found;
  const body = new TextEncoder().encode(message.raw ?? renderEmail(message));
  return record(core, found, new EmailClassifier(message, [found], body).classify(core, found), now, message.from ?? "", message.remoteAddr ?? null, body);
}

/** A message taken over SMTP. */
export interface SmtpDelivery {
  /** Envelope sender as the SMTP server keeps it (`<>` for the null path). */
  from: string;
  /** One address per accepted `RCPT TO`, repeats included. */
  recipients: readonly string[];
  /** The message's exact bytes, stored (not copied) as the body of every ping it makes. */
  bytes: Uint8Array;
  /** Address of the SMTP client. */
  remoteAddr: string | null;
}

/**
 * Records a message that came over SMTP as one ping per recipient, as the
 * service does: every ping keeps the whole message, here one shared copy.
 * The message is parsed once at most, whatever the number of recipients.
 */
export function deliverSmtpMail(core: Core, mail: SmtpDelivery, now: number): EmailOutcome[] {
  const targets = mail.recipients.map((to) => findTarget(core, to));
  const checks = targets.filter((target): target is StoredCheck => "uuid" in target);
  const classifier = new EmailClassifier({}, checks, mail.bytes);
  return targets.map((target) => ("uuid" in target ? record(core, target, classifier.classify(core, target), now, mail.from, mail.remoteAddr, mail.bytes) : target));
}
