/**
 * What the CLI prints once it listens: on stdout the lines a user copies
 * (the URL, the control URL, the demo's keys and a line to paste into a
 * shell, or how to create a first project), on stderr the warnings.
 * @module
 */
import { isIP } from "node:net";
import type { ProjectInfo } from "../model/projects.js";
import type { ControlAccess } from "./control-access.js";
import type { DemoProject } from "./demo.js";

/** A project the fake holds at start (loaded from `--state`), with its keys and how many checks it has. */
export type LoadedProject = Pick<ProjectInfo, "id" | "name"> & ProjectKeys & { checks: number };

/** The keys of a project the banner prints. */
type ProjectKeys = Pick<ProjectInfo, "readWriteKey" | "readOnlyKey" | "pingKey">;

/** Loaded projects the banner lists with their keys; past these, it says how many more there are. */
const PROJECTS_SHOWN = 5;

/** Everything the banner shows. */
export interface BannerInput {
  /** The URL clients use. */
  url: string;
  /** The control API's path prefix, or `undefined` when it is off. */
  controlPrefix: string | undefined;
  /** The `--host` value, for the warning when it is reachable beyond this machine. */
  host: string;
  /** Who may use the control API. */
  access: ControlAccess;
  /** The demo project, when `--demo` made one. */
  demo: DemoProject | undefined;
  /** The projects the fake holds already (loaded from `--state`). */
  projects: LoadedProject[];
  /** The SMTP listener's URL and its ping email domain, when `--smtp-port` started one. */
  smtp?: { url: string; domain: string } | undefined;
}

/** The banner's lines: `out` for stdout, `err` for stderr. */
export interface Banner {
  /** Lines for stdout. */
  out: string[];
  /** Lines for stderr. */
  err: string[];
}

/** Builds the banner. The first line is always `Listening on <url>`, which scripts read. */
export function banner(input: BannerInput): Banner {
  const { url, controlPrefix, access, demo } = input;
  const out = [`Listening on ${url}`];
  const err: string[] = [];
  const controlUrl = controlPrefix === undefined ? undefined : `${url}${controlPrefix}`;
  out.push(controlUrl === undefined ? "Remote control: off (--no-control)" : `Remote control: ${controlUrl}  (GET it for the list of control endpoints)`);
  // The one place the token is shown: a generated token is useless unless the user learns it.
  if (access.source === "generated") out.push(`  control token (generated): ${access.token ?? ""}`);
  if (access.source !== "none") out.push('  every control request needs "Authorization: Bearer <control token>"');
  if (controlUrl !== undefined) out.push(dashboardLine(controlUrl, access));
  if (input.smtp) out.push(`Email pings (SMTP): ${input.smtp.url}  (mail to <uuid>@${input.smtp.domain} or <ping key>+<slug>@${input.smtp.domain})`);
  if (access.exposed) {
    const guard = controlUrl === undefined ? "the remote control API is off" : "the remote control API requires the token";
    err.push(`--host ${input.host} is reachable beyond this machine: ${guard}`);
  }
  if (demo) out.push(...demoLines(url, demo));
  else if (input.projects.length > 0) out.push(...loadedLines(url, input.projects));
  else out.push(...firstProjectLines(controlUrl, access));
  return { out, err };
}

// A generated token is printed above anyway; a given one is not repeated.
function dashboardLine(controlUrl: string, access: ControlAccess): string {
  const token = access.source === "generated" ? `?token=${access.token ?? ""}` : access.source === "given" ? "?token=<control token>" : "";
  return `Dashboard: ${controlUrl}/ui${token}`;
}

function demoLines(url: string, { project, checks }: DemoProject): string[] {
  const statusWidth = Math.max(...checks.map((check) => check.status.length));
  const nameWidth = Math.max(...checks.map((check) => check.name.length));
  const readWrite = project.readWriteKey ?? "";
  return [
    "",
    `Demo project "${project.name}" (${project.id})`,
    ...keyLines(project, "  "),
    "  checks:",
    ...checks.map((check) => `    ${check.status.padEnd(statusWidth)}  ${check.name.padEnd(nameWidth)}  ${url}/ping/${check.uuid}`),
    // The guides' examples ping CHECK_UUID: the first demo check, "Nightly backups".
    ...exportLines(url, project, checks[0]?.uuid),
    "Try:",
    `  curl -H "X-Api-Key: ${readWrite}" ${url}/api/v3/checks/`,
  ];
}

// Projects from a state file: their keys, since the file is where a user
// would otherwise have to dig them out, and the shell line when one is alone.
function loadedLines(url: string, projects: LoadedProject[]): string[] {
  const lines = ["", "Projects from the state file:"];
  for (const project of projects.slice(0, PROJECTS_SHOWN)) {
    lines.push(`  "${project.name}" (${project.id}): ${project.checks === 1 ? "1 check" : `${project.checks} checks`}`, ...keyLines(project, "    "));
  }
  if (projects.length > PROJECTS_SHOWN) lines.push(`  … and ${projects.length - PROJECTS_SHOWN} more (GET the control URL's /state for all of them)`);
  if (projects.length === 1) lines.push(...exportLines(url, projects[0]!));
  return lines;
}

function keyLines(project: ProjectKeys, indent: string): string[] {
  return [
    `${indent}read-write key: ${project.readWriteKey ?? "(none)"}`,
    `${indent}read-only key:  ${project.readOnlyKey ?? "(none)"}`,
    `${indent}ping key:       ${project.pingKey}`,
  ];
}

function exportLines(url: string, project: ProjectKeys, checkUuid?: string): string[] {
  return ["", "For the SDK and the examples, paste into a shell:", `  export ${shellVariables(url, project, checkUuid).join(" ")}`];
}

/** The environment the SDK and the examples read, as `NAME=value` words. */
function shellVariables(url: string, project: ProjectKeys, checkUuid: string | undefined): string[] {
  const words = [`CHECKS_API_URL=${url}`];
  if (project.readWriteKey) words.push(`CHECKS_API_KEY=${project.readWriteKey}`);
  if (project.readOnlyKey) words.push(`CHECKS_API_READONLY_KEY=${project.readOnlyKey}`);
  words.push(`CHECKS_PING_KEY=${project.pingKey}`);
  if (checkUuid) words.push(`CHECK_UUID=${checkUuid}`);
  return words;
}

function firstProjectLines(controlUrl: string | undefined, access: ControlAccess): string[] {
  if (controlUrl === undefined) {
    return ["", "No projects yet, and the remote control API is off: start with --demo for a project with keys."];
  }
  const authorization = access.token === undefined ? "" : ' -H "Authorization: Bearer <control token>"';
  return [
    "",
    "No projects yet. Create one (the answer holds its read-write and read-only keys),",
    "or start with --demo for a project with checks:",
    `  curl -X POST${authorization} ${controlUrl}/projects`,
  ];
}

/**
 * The URL to print for a server on `port`, bound to `host` (the `--host`
 * value), which resolved to `address`: a wildcard address is reached
 * through `localhost`, a host name as given, any other address
 * (`--host 127.1`) as it resolved.
 */
export function publicUrl(port: number, host: string, address: string): string {
  if (address === "0.0.0.0" || address === "::") return `http://localhost:${port}`;
  const name = isIP(host) === 0 && /[a-z]/i.test(host) ? host : address;
  return `http://${name.includes(":") ? `[${name}]` : name}:${port}`;
}
