/**
 * The dashboard at `{prefix}/ui`: a page, one script, one style sheet and
 * an icon, shipped in the package's `ui/` folder and served as they are.
 * The page reads and moves the fake through the control API alone, so it
 * passes the same guard: same host and origin, and the control token when
 * one is set. A browser cannot add `Authorization` to a page load, so the
 * token comes once in the address (`{prefix}/ui?token=…`), which answers
 * with a `SameSite=Strict`, `HttpOnly` cookie holding it and a redirect to
 * the address without it.
 * @module
 */
import type * as NodeFs from "node:fs";
import type * as NodeUrl from "node:url";
import type { Incoming } from "../http/incoming.js";
import { headerList, type Reply } from "../http/reply.js";
import { nodeBuiltin } from "../text/node-only.js";
import { refusal, TOKEN_COOKIE, type GuardContext } from "./guard.js";

/** The path of the dashboard under the control prefix. */
const UI_PATH = "/ui";

// Everything the page loads comes from here; nothing runs inline and nothing
// may frame it. Emails' HTML parts are shown in sandboxed `srcdoc` frames,
// which inherit this policy: no script, no remote image.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
};

/** The files served, by their path under `{prefix}/ui`, with their content types. */
const FILES: Record<string, { file: string; type: string }> = {
  "": { file: "index.html", type: "text/html; charset=utf-8" },
  "/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/app.css": { file: "app.css", type: "text/css; charset=utf-8" },
  "/icon.svg": { file: "icon.svg", type: "image/svg+xml" },
};

// From the sources (src/control/) and from the build (dist/) alike, `ui/` is
// a folder of the package.
let folder: string | undefined;
function uiFolder(): string {
  const { existsSync } = nodeBuiltin<typeof NodeFs>("node:fs", "the dashboard");
  const { fileURLToPath } = nodeBuiltin<typeof NodeUrl>("node:url", "the dashboard");
  folder ??= ["../ui/", "../../ui/"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((candidate) => existsSync(`${candidate}index.html`));
  if (folder === undefined) throw new Error("the dashboard's files are missing from the package (its ui/ folder)");
  return folder;
}

const contents = new Map<string, Promise<Uint8Array>>();
function fileBytes(file: string): Promise<Uint8Array> {
  let bytes = contents.get(file);
  if (bytes === undefined) {
    bytes = nodeBuiltin<typeof NodeFs>("node:fs", "the dashboard").promises.readFile(`${uiFolder()}${file}`);
    // A failed read is tried again next time rather than remembered.
    bytes.catch(() => contents.delete(file));
    contents.set(file, bytes);
  }
  return bytes;
}

/** Whether `rest` (a path after the control prefix) is the dashboard's. */
export function isUiPath(rest: string): boolean {
  return rest === UI_PATH || rest.startsWith(`${UI_PATH}/`);
}

const text = (status: number, message: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: headerList({ ...SECURITY_HEADERS, ...headers, "Content-Type": "text/plain; charset=utf-8" }),
  body: `${message}\n`,
});

/**
 * Answers a request for the dashboard (`rest` is its path after the control
 * prefix): the guard's refusal as text, the token's exchange for a cookie,
 * or one of its files.
 */
export async function serveUi(request: Incoming, rest: string, context: GuardContext): Promise<Reply> {
  const prefix = context.control.prefix;
  const entry = rest === UI_PATH;
  const offered = entry ? (new URLSearchParams(request.search).get("token") ?? undefined) : undefined;
  const refused = refusal(request, context, offered);
  if (refused) {
    const hint = refused.status === 401 && entry ? ` (open ${prefix}${UI_PATH}?token=<control token>)` : "";
    return text(refused.status, `${refused.message}${hint}`, refused.status === 401 ? { "WWW-Authenticate": 'Bearer realm="control"' } : {});
  }
  if (request.method !== "GET") {
    return text(405, `method ${request.method} not allowed on ${request.pathname}; use GET`, { Allow: "GET" });
  }
  if (offered !== undefined) {
    // Out of the address bar and the history, into a cookie only this
    // site's own requests carry.
    const headers: Record<string, string> = { ...SECURITY_HEADERS, Location: `${prefix}${UI_PATH}` };
    if (context.control.token !== null) {
      headers["Set-Cookie"] = `${TOKEN_COOKIE}=${encodeURIComponent(offered)}; Path=${prefix}; HttpOnly; SameSite=Strict`;
    }
    return { status: 303, headers: headerList(headers), body: null };
  }
  const served = FILES[rest.slice(UI_PATH.length)];
  if (served === undefined) {
    // `{prefix}/ui/` would resolve the page's relative links one folder too deep.
    if (rest === `${UI_PATH}/`) return { status: 308, headers: headerList({ ...SECURITY_HEADERS, Location: `${prefix}${UI_PATH}` }), body: null };
    return text(404, `no such dashboard file: ${request.pathname}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await fileBytes(served.file);
  } catch (problem) {
    return text(500, `the dashboard cannot be served: ${problem instanceof Error ? problem.message : String(problem)}`);
  }
  return {
    status: 200,
    headers: headerList({ ...SECURITY_HEADERS, "Content-Type": served.type }),
    body: bytes,
  };
}
