/**
 * The differences between the service's and the fake's normalised answers
 * to one step, each said in one line: status, content type, then the body
 * member by member (missing, extra, different, out of order).
 * @module
 */
import type { NormalAnswer, NormalBody } from "./normalise.js";

/** Differences listed per step before "… and N more". */
export const MAX_DIFFERENCES = 8;
/** Longest value quoted in a difference. */
const QUOTE_LENGTH = 60;

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const quote = (value: unknown): string => shorten(value === undefined ? "nothing" : JSON.stringify(value), QUOTE_LENGTH);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function diffJson(service: unknown, fake: unknown, path: string, out: string[]): void {
  if (isObject(service) && isObject(fake)) {
    const serviceNames = Object.keys(service);
    const fakeNames = Object.keys(fake);
    for (const name of serviceNames) {
      if (!(name in fake)) out.push(`${path}.${name}: the fake's answer lacks it (service: ${quote(service[name])})`);
    }
    for (const name of fakeNames) {
      if (!(name in service)) out.push(`${path}.${name}: the service's answer lacks it (fake: ${quote(fake[name])})`);
    }
    const shared = serviceNames.filter((name) => name in fake);
    const fakeOrder = fakeNames.filter((name) => name in service);
    if (shared.join() !== fakeOrder.join()) out.push(`${path}: members in another order (service: ${shorten(shared.join(", "), QUOTE_LENGTH)})`);
    for (const name of shared) diffJson(service[name], fake[name], `${path}.${name}`, out);
    return;
  }
  if (Array.isArray(service) && Array.isArray(fake)) {
    if (service.length !== fake.length) out.push(`${path}: ${service.length} items from the service, ${fake.length} from the fake`);
    for (let i = 0; i < Math.min(service.length, fake.length); i++) diffJson(service[i], fake[i], `${path}[${i}]`, out);
    return;
  }
  if (JSON.stringify(service) !== JSON.stringify(fake)) out.push(`${path}: service ${quote(service)}, fake ${quote(fake)}`);
}

function diffText(service: string, fake: string): string[] {
  if (service === fake) return [];
  let at = 0;
  while (at < service.length && service[at] === fake[at]) at++;
  const from = Math.max(0, at - 10);
  const excerpt = (text: string) => quote(`${from > 0 ? "…" : ""}${text.slice(from, from + QUOTE_LENGTH)}`);
  return [`body differs from character ${at}: service ${excerpt(service)}, fake ${excerpt(fake)}`];
}

function diffBodies(service: NormalBody, fake: NormalBody): string[] {
  if (service.kind === "json" && fake.kind === "json") {
    const out: string[] = [];
    diffJson(service.value, fake.value, "body", out);
    return out;
  }
  if (service.kind !== fake.kind) return [`body: ${service.kind} from the service, ${fake.kind} from the fake`];
  return diffText(service.value as string, fake.value as string);
}

/** What differs between the two answers; empty when they agree. */
export function compareAnswers(service: NormalAnswer, fake: NormalAnswer): string[] {
  const out: string[] = [];
  if (service.status !== fake.status) out.push(`status: service ${service.status}, fake ${fake.status}`);
  if (service.contentType !== fake.contentType) out.push(`content type: service ${quote(service.contentType)}, fake ${quote(fake.contentType)}`);
  out.push(...diffBodies(service.body, fake.body));
  if (out.length <= MAX_DIFFERENCES) return out;
  return [...out.slice(0, MAX_DIFFERENCES), `… and ${out.length - MAX_DIFFERENCES} more`];
}
