/**
 * Who may use the control API: the checks made before any control
 * operation runs, against DNS rebinding (the `Host` header), cross-origin
 * browser requests (`Origin`, `Sec-Fetch-Site`, a JSON content type),
 * other machines (allowed only with a token) and, when one is set, a
 * bearer token.
 * @module
 */
import { digest } from "../text/digest.js";
import type { Incoming } from "../http/incoming.js";
import type { ControlSettings } from "../model/service.js";

/** Why a control request is refused: the status and the message of its JSON answer. */
export interface Refusal {
  /** 401 (token missing or wrong), 403 (host, origin, or another machine without a token), 415 (not JSON). */
  status: 401 | 403 | 415;
  /** What is wrong, for the `error` member. */
  message: string;
}

/** The settings the guard reads, and the site root the fake serves under. */
export interface GuardContext {
  /** The control API's settings. */
  readonly control: ControlSettings;
  /** The fake's `baseUrl`: its host and origin are its own. */
  readonly baseUrl: string;
}

// 127.0.0.0/8 (also IPv4-mapped, as a dual-stack socket reports it), ::1 and
// the names RFC 6761 keeps on the loopback interface:
// a page can only send these as `Host` from a loopback origin, which the
// origin check then judges.
const LOOPBACK_HOST = /^(?:localhost|[^:]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|\[::ffff:127(?:\.\d{1,3}){3}\]|\[::ffff:7f[\da-f]{2}:[\da-f]{1,4}\])$/;
// `name[:port]` or `[v6][:port]`.
const HOST_PORT = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d*))?$/;
/**
 * The cookie that carries the control token for the dashboard's page, which
 * cannot add `Authorization` to its own loads. `SameSite=Strict` and the
 * origin checks keep other sites from riding on it.
 */
export const TOKEN_COOKIE = "checks_fake_control";
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

/**
 * The reason to refuse `request` before it reaches a control operation, or
 * `undefined` when it may go on. Order: host, browser origin, peer address
 * (beyond loopback only with a token), token, content type; each refusal
 * says what to change. The token is `offered` when given (the dashboard's
 * address carries it once), else comes as `Authorization: Bearer`, else as
 * the dashboard's cookie ({@link TOKEN_COOKIE}).
 */
export function refusal(request: Incoming, context: GuardContext, offered?: string): Refusal | undefined {
  const host = request.header("host");
  // Only a request that came over a socket (its peer is known) can be a
  // rebound browser's: in-process callers (`handle()`, msw, the undici
  // dispatcher) name whatever site root they were set up with.
  if (host !== null && request.peer !== undefined && !hostAllowed(host.trim().toLowerCase(), context)) {
    return {
      status: 403,
      message: `control API refused: Host ${host} is not an address this server answers to (allow it with the control.allowedHosts option)`,
    };
  }
  const site = request.header("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") {
    return { status: 403, message: `control API refused: a ${site} browser request` };
  }
  const origin = request.header("origin");
  if (origin !== null && !originAllowed(origin.trim().toLowerCase(), host, context)) {
    return {
      status: 403,
      message: `control API refused: a browser request from origin ${origin} (allow it with the control.allowedOrigins option)`,
    };
  }
  const token = context.control.token;
  // Without a token only this machine may drive the fake: a program on the
  // network can send any Host, so the host check alone does not keep it out.
  const peer = request.peer;
  if (token === null && peer !== undefined && !isLoopbackHost(peer.includes(":") ? `[${peer}]` : peer)) {
    return {
      status: 403,
      message: `control API refused: a request from ${peer}, beyond this machine, needs a control token (the control.token option)`,
    };
  }
  if (token !== null) {
    const given = offered ?? /^Bearer[ \t]+(\S+)\s*$/i.exec(request.header("authorization") ?? "")?.[1] ?? cookieToken(request);
    if (given === undefined) return { status: 401, message: "control API refused: send the control token as Authorization: Bearer <token>" };
    if (!sameSecret(given, token)) return { status: 401, message: "control API refused: wrong control token" };
  }
  const type = request.header("content-type");
  if (type !== null ? !isJsonType(type) : request.hasBody) {
    return { status: 415, message: "control request bodies must be JSON: send Content-Type: application/json" };
  }
  return undefined;
}

/**
 * Whether `name` (a host name or address without port, IPv6 in brackets)
 * is on the loopback interface: `localhost`, `*.localhost`, `127.0.0.0/8`
 * (also as `[::ffff:127.0.0.1]`), `[::1]`.
 */
export function isLoopbackHost(name: string): boolean {
  return LOOPBACK_HOST.test(name.toLowerCase());
}

/** Whether `token` can travel as `Authorization: Bearer <token>`: printable ASCII without spaces. */
export function isTokenText(token: string): boolean {
  return /^[\x21-\x7e]+$/.test(token);
}

function cookieToken(request: Incoming): string | undefined {
  const cookies = request.header("cookie");
  if (cookies === null) return undefined;
  for (const pair of cookies.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === TOKEN_COOKIE) {
      try {
        return decodeURIComponent(pair.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Whether a `Content-Type` value names JSON (`application/json` or `application/…+json`, any parameters). */
function isJsonType(type: string): boolean {
  return JSON_TYPE.test(type.split(";", 1)[0]!.trim().toLowerCase());
}

function hostAllowed(host: string, { control, baseUrl }: GuardContext): boolean {
  const parts = HOST_PORT.exec(host);
  if (!parts) return false;
  const name = parts[1]!;
  if (isLoopbackHost(name)) return true;
  if (host === new URL(baseUrl).host) return true;
  return control.allowedHosts.some((allowed) => {
    const entry = allowed.toLowerCase();
    return entry === "*" || entry === host || entry === name;
  });
}

function originAllowed(origin: string, host: string | null, { control, baseUrl }: GuardContext): boolean {
  if (host !== null && (origin === `http://${host.trim().toLowerCase()}` || origin === `https://${host.trim().toLowerCase()}`)) {
    return true;
  }
  if (origin === new URL(baseUrl).origin) return true;
  return control.allowedOrigins.some((allowed) => allowed === "*" || allowed.toLowerCase() === origin);
}

// Equal-length digests, so the comparison takes the same time whatever the
// guess, and its length tells nothing either.
function sameSecret(given: string, expected: string): boolean {
  const a = digest("sha256", given);
  const b = digest("sha256", expected);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
