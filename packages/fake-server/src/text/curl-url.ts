/**
 * URLs read the way the service's HTTP client (libcurl) reads them, which
 * is not the WHATWG way a browser or Node's `URL` reads them:
 *
 * - the authority runs to the first `/`, `?` or `#` (a backslash is not a
 *   separator), and a user part runs to its first `@`, so
 *   `http://127.0.0.1:9\@evil.example/` is user `127.0.0.1`, password `9\`
 *   and host `evil.example`;
 * - nothing the user wrote is re-encoded: the request target keeps `{`,
 *   `|`, `"`, `%7E`… as written, bytes above 0x7F in the path become
 *   `%xx` in lower-case hex and the query goes out as raw UTF-8;
 * - `.` and `..` path segments are removed and the fragment is dropped;
 * - only `http` and `https` are fetched: any other scheme is libcurl's
 *   error 1, a URL it cannot read (a space, a control character, a bad
 *   host or port) its error 3.
 * @module
 */
import { concatBytes, latin1Bytes, utf8Bytes, utf8Text } from "./bytes.js";
import { percentDecodeBytes } from "./percent.js";

/** A URL as libcurl holds it. */
export interface CurlUrl {
  /** `http` or `https`. */
  readonly scheme: "http" | "https";
  /** The user part before `@` (still percent-encoded), or `null` when the URL has none. */
  readonly userinfo: string | null;
  /** Host name or address as sent in `Host` (IPv6 in brackets, IDN as punycode, IPv4 in dotted form). */
  readonly host: string;
  /** Port connected to. */
  readonly port: number;
  /** Path, dot segments removed, as written (not re-encoded). */
  readonly path: string;
  /** Query without its `?`, as written, or `null` when there is no `?`. */
  readonly query: string | null;
}

/** A URL libcurl refuses; `code` is its error number (1: scheme not supported, 3: malformed). */
export class CurlUrlError extends Error {
  /** libcurl's error number. */
  readonly code: 1 | 3;
  /** Creates the error for libcurl's error number `code`. */
  constructor(code: 1 | 3) {
    super(`HTTP request failed, code: ${code}`);
    this.name = "CurlUrlError";
    this.code = code;
  }
}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** Bytes libcurl refuses anywhere in a URL: control characters and (when not asked to allow it) the space. */
const JUNK = /[\x00-\x20\x7f]/;
/** Characters libcurl refuses in a host name. */
const BAD_HOST = /[ \r\n\t/:#?!@{}[\]\\$'"^`*<>=;,+&()%]/;
const IPV6 = /^\[[0-9A-Fa-f:.]+(?:%[A-Za-z0-9._~-]+)?\]$/;

/** Reads `text` as libcurl does; throws a {@link CurlUrlError} for a URL it would refuse. */
export function parseCurlUrl(text: string): CurlUrl {
  if (JUNK.test(text)) throw new CurlUrlError(3);
  const scheme = SCHEME.exec(text);
  if (scheme === null) throw new CurlUrlError(3);
  const name = (scheme[1] as string).toLowerCase();
  if (name !== "http" && name !== "https") throw new CurlUrlError(1);
  // libcurl takes one to three slashes after the scheme.
  const rest = text.slice(scheme[0].length).replace(/^\/{1,3}/, "");
  const end = rest.search(/[/?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  const { path, query } = splitTarget(end < 0 ? "" : rest.slice(end));
  const at = authority.indexOf("@");
  const userinfo = at < 0 ? null : authority.slice(0, at);
  const { host, port } = hostAndPort(at < 0 ? authority : authority.slice(at + 1), name);
  return { scheme: name, userinfo, host, port, path, query };
}

/** Resolves a redirect's `Location` (its raw bytes as Latin-1 text) against `base`, as libcurl follows it. */
export function resolveLocation(base: CurlUrl, location: string): CurlUrl {
  const text = encodeLocation(location.trim());
  if (SCHEME.test(text)) return parseCurlUrl(text);
  if (JUNK.test(text)) throw new CurlUrlError(3);
  if (text.startsWith("//")) return parseCurlUrl(`${base.scheme}:${text}`);
  const origin = { scheme: base.scheme, userinfo: base.userinfo, host: base.host, port: base.port };
  if (text === "" || text.startsWith("#")) return { ...origin, path: base.path, query: base.query };
  if (text.startsWith("?")) return { ...origin, ...splitTarget(base.path + text) };
  if (text.startsWith("/")) return { ...origin, ...splitTarget(text) };
  const directory = base.path.slice(0, base.path.lastIndexOf("/") + 1);
  return { ...origin, ...splitTarget(directory + text) };
}

/**
 * The request target as bytes: the path with every byte above 0x7F as
 * lower-case `%xx`, then `?` and the query as raw UTF-8.
 */
export function requestTarget(url: CurlUrl): Uint8Array {
  let path = "";
  for (const byte of utf8Bytes(url.path)) path += byte > 0x7f ? `%${byte.toString(16).padStart(2, "0")}` : String.fromCharCode(byte);
  return url.query === null ? latin1Bytes(path) : concatBytes([latin1Bytes(path), utf8Bytes(`?${url.query}`)]);
}

/** The `Host` header's value: the host, and the port when it is not the scheme's default. */
export function hostHeader(url: CurlUrl): string {
  return url.port === DEFAULT_PORTS[url.scheme] ? url.host : `${url.host}:${url.port}`;
}

/** The URL as text, without its user part: origin and request target (the query's UTF-8 read back as text). */
export function curlHref(url: CurlUrl): string {
  return `${url.scheme}://${hostHeader(url)}${utf8Text(requestTarget(url))}`;
}

/** Whether two URLs reach the same scheme, host and port (credentials go only there after a redirect). */
export function sameOrigin(a: CurlUrl, b: CurlUrl): boolean {
  return a.scheme === b.scheme && a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port;
}

/** The user part decoded to `user:password` bytes, as libcurl builds Basic credentials from it. */
export function credentials(url: CurlUrl): Uint8Array | null {
  if (url.userinfo === null) return null;
  const colon = url.userinfo.indexOf(":");
  const user = colon < 0 ? url.userinfo : url.userinfo.slice(0, colon);
  const password = colon < 0 ? "" : url.userinfo.slice(colon + 1);
  return concatBytes([percentDecodeBytes(user), latin1Bytes(":"), percentDecodeBytes(password)]);
}

// A Location's bytes above 0x7F become `%xx` and its spaces `%20` (`+` in the query), as libcurl encodes a URL it follows.
function encodeLocation(latin1: string): string {
  let out = "";
  let query = false;
  for (const char of latin1) {
    const code = char.charCodeAt(0);
    if (char === "?") query = true;
    if (char === " ") out += query ? "+" : "%20";
    else if (code > 0x7f) out += `%${code.toString(16).padStart(2, "0")}`;
    else out += char;
  }
  return out;
}

function splitTarget(target: string): { path: string; query: string | null } {
  const hash = target.indexOf("#");
  const withoutFragment = hash < 0 ? target : target.slice(0, hash);
  const mark = withoutFragment.indexOf("?");
  const path = mark < 0 ? withoutFragment : withoutFragment.slice(0, mark);
  return { path: removeDotSegments(path === "" ? "/" : path), query: mark < 0 ? null : withoutFragment.slice(mark + 1) };
}

// RFC 3986 section 5.2.4, which libcurl applies to every path it is given.
function removeDotSegments(path: string): string {
  if (!/(^|\/)\.\.?(\/|$)/.test(path)) return path;
  const out: string[] = [];
  const segments = path.split("/").slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === "..") {
      out.pop();
      if (last) out.push("");
    } else if (segment === ".") {
      if (last) out.push("");
    } else {
      out.push(segment);
    }
  });
  return `/${out.join("/")}`;
}

function hostAndPort(hostport: string, scheme: "http" | "https"): { host: string; port: number } {
  let host = hostport;
  let portText = "";
  if (hostport.startsWith("[")) {
    const close = hostport.indexOf("]");
    if (close < 0) throw new CurlUrlError(3);
    host = hostport.slice(0, close + 1);
    const after = hostport.slice(close + 1);
    if (after !== "" && !after.startsWith(":")) throw new CurlUrlError(3);
    portText = after.slice(1);
    if (!IPV6.test(host)) throw new CurlUrlError(3);
  } else {
    const colon = hostport.indexOf(":");
    if (colon >= 0) {
      host = hostport.slice(0, colon);
      portText = hostport.slice(colon + 1);
    }
    host = hostName(host);
  }
  if (portText === "") return { host, port: DEFAULT_PORTS[scheme] };
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) throw new CurlUrlError(3);
  return { host, port: Number(portText) };
}

function hostName(written: string): string {
  if (written === "" || BAD_HOST.test(written)) throw new CurlUrlError(3);
  if (/[^\x00-\x7f]/.test(written)) {
    const ascii = domainToAscii(written);
    if (ascii === null) throw new CurlUrlError(3);
    return ascii;
  }
  return ipv4(written) ?? written;
}

// An international name in punycode, by the WHATWG host parser (as Node's
// `domainToASCII` does it), or null when it is no valid host.
function domainToAscii(written: string): string | null {
  const url = new URL("http://placeholder.invalid/");
  url.hostname = written;
  return url.hostname === "placeholder.invalid" ? null : url.hostname;
}

// libcurl rewrites a host that reads as an IPv4 address in any of its forms (`127.1`, `0x7f.0.0.1`, `2130706433`) to dotted decimal.
function ipv4(host: string): string | null {
  const parts = host.split(".");
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = /^0x[0-9a-f]*$/i.test(part) ? Number.parseInt(part.slice(2) || "0", 16) : /^0[0-7]+$/.test(part) ? Number.parseInt(part, 8) : /^(0|[1-9]\d*)$/.test(part) ? Number(part) : Number.NaN;
    if (!Number.isFinite(value)) return null;
    numbers.push(value);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let address = last;
  numbers.forEach((n, i) => {
    address += n * 256 ** (3 - i);
  });
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join(".");
}
