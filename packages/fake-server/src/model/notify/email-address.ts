/**
 * The email address rule of an email channel, the one the service's form
 * applies (Django's `EmailValidator`): a dot-atom or quoted local part, and
 * a domain with a top-level label of at least two characters, `localhost`,
 * or a bracketed IP literal. A domain in another script counts in its
 * punycode form.
 * @module
 */

const DOT_ATOM = /^[-!#$%&'*+/=?^_`{}|~0-9a-z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9a-z]+)*$/i;
const QUOTED = /^"(?:[\x01-\x08\x0b\x0c\x0e-\x1f!#-[\]-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*"$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;
const LITERAL = /^\[[0-9a-f:.]+\]$/i;

function asciiDomain(domain: string): string | null {
  if (/^[\x00-\x7f]*$/.test(domain)) return domain;
  if (/[\s/?#@:\\[\]%]/.test(domain) || !URL.canParse(`http://${domain}/`)) return null;
  return new URL(`http://${domain}/`).hostname;
}

/** Whether `address` passes the service's email address check. */
export function isEmailAddress(address: string): boolean {
  const at = address.lastIndexOf("@");
  if (at <= 0) return false;
  const local = address.slice(0, at);
  const domain = asciiDomain(address.slice(at + 1));
  if (!DOT_ATOM.test(local) && !QUOTED.test(local)) return false;
  if (domain === null) return false;
  if (domain.toLowerCase() === "localhost" || LITERAL.test(domain)) return true;
  return DOMAIN.test(domain) && !domain.endsWith("-");
}
