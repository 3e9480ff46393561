/**
 * The packages as a new user meets them: the tarballs hold what a package
 * needs (its LICENSE, the schema's OpenAPI document) and no link that leads
 * outside the package; installed into an empty directory, they compile
 * under `strict` TypeScript (`nodenext`, ESM and CommonJS, and `bundler`);
 * and the README quickstart and the getting-started guide's first program,
 * taken from the Markdown as the docs show them, run against the CLI fake of
 * the installed package with nothing but environment variables set.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { codeBlocks } from "../../docs/scripts/snippets.js";
import { listening, run, waitFor, type Run } from "../../packages/fake-server/test/cli-process.js";
import { repositoryFileUrl, repositoryUrl } from "../../scripts/repository.mjs";
import { installPackages } from "./install.js";
import { ROOT, type PackedPackage } from "./pack.js";

const packed: PackedPackage[] = inject("packed");
let project: string;

beforeAll(() => {
  project = installPackages(packed, { type: "module" }, ["typescript", "@types/node"]);
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => statSync(join(dir, file)).isFile());
}

/** The targets of the Markdown links (`[text](target)`) of a text. */
const linkTargets = (text: string) => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);

/**
 * Why a link of a shipped file leads nowhere for a user of the installed
 * package, or `undefined` when it does lead somewhere: a relative link must
 * name a file of the package, a link into this repository a file that is in it.
 */
function brokenLink(packageDir: string, file: string, target: string): string | undefined {
  const path = target.split("#")[0]!;
  if (path.startsWith(repositoryFileUrl(""))) {
    const inRepository = decodeURIComponent(path.slice(repositoryFileUrl("").length));
    return statSync(join(ROOT, inRepository), { throwIfNoEntry: false })?.isFile()
      ? undefined
      : `${target}: no such file in the repository`;
  }
  if (path === "" || /^[a-z][a-z\d+.-]*:/i.test(path)) return undefined;
  const resolved = resolve(packageDir, dirname(file), path);
  if (relative(packageDir, resolved).startsWith("..")) return `${target}: outside the package`;
  return statSync(resolved, { throwIfNoEntry: false }) ? undefined : `${target}: not in the package`;
}

describe("the tarballs", () => {
  it("each hold a LICENSE, MIT, with the project as holder", () => {
    for (const { name, files } of packed) {
      expect(files, name).toContain("LICENSE");
      const license = readFileSync(join(project, "node_modules", name, "LICENSE"), "utf8");
      expect(license, name).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} checks-api\n/);
    }
  });

  it("ship the schema's OpenAPI document, for require() and for import with a JSON attribute", () => {
    expect(packed.find(({ name }) => name === "@checks-api/schema")?.files).toContain("openapi.json");
    writeFileSync(
      join(project, "openapi.mjs"),
      `import { createRequire } from "node:module";
      const required = createRequire(import.meta.url)("@checks-api/schema/openapi.json");
      const { default: imported } = await import("@checks-api/schema/openapi.json", { with: { type: "json" } });
      console.log(JSON.stringify([required.openapi, imported.openapi, Object.keys(required.paths).length]));`,
    );
    const output = execFileSync(process.execPath, ["openapi.mjs"], { cwd: project, encoding: "utf8" });
    const [required, imported, paths] = JSON.parse(output) as [string, string, number];
    expect(required).toMatch(/^3\.1\./);
    expect(imported).toBe(required);
    expect(paths).toBeGreaterThan(5);
  });

  it("ship the fake server's dashboard, which the installed package serves, from ESM and CommonJS alike", () => {
    const shipped = ["ui/index.html", "ui/app.js", "ui/app.css", "ui/icon.svg"];
    expect(packed.find(({ name }) => name === "@checks-api/fake-server")?.files).toEqual(expect.arrayContaining(shipped));
    writeFileSync(
      join(project, "dashboard.mjs"),
      `import { createRequire } from "node:module";
      import { FakeServer } from "@checks-api/fake-server";
      const { FakeServer: Required } = createRequire(import.meta.url)("@checks-api/fake-server");
      const answers = [];
      for (const fake of [new FakeServer(), new Required()]) {
        for (const file of ["", "/app.js", "/app.css", "/icon.svg"]) {
          const response = await fake.handle(new Request("http://localhost:8000/__fake/ui" + file));
          answers.push([response.status, (await response.text()).length > 0]);
        }
      }
      console.log(JSON.stringify(answers));`,
    );
    const output = execFileSync(process.execPath, ["dashboard.mjs"], { cwd: project, encoding: "utf8" });
    expect(JSON.parse(output)).toEqual(Array(8).fill([200, true]));
  });

  it("hold no link that leads outside the package: README and declarations, and no path to the guides in the code", () => {
    const broken: string[] = [];
    for (const { name } of packed) {
      const packageDir = join(project, "node_modules", name);
      for (const file of filesUnder(packageDir).filter((file) => /\.(md|d\.c?ts|c?js)$/.test(file))) {
        const text = readFileSync(join(packageDir, file), "utf8");
        // In code, `](` is as likely a regular expression as a link.
        const links = file.endsWith("js") ? [] : linkTargets(text);
        for (const target of links) {
          const reason = brokenLink(packageDir, file, target);
          if (reason) broken.push(`${name}/${file}: ${reason}`);
        }
        if (/\.\.\/(?:\.\.\/)*docs\//.test(text)) broken.push(`${name}/${file}: names ../docs/`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("link to the guides in the repository, from the declarations and the READMEs", () => {
    const sdk = readFileSync(join(project, "node_modules", "@checks-api/sdk", "dist", "index.d.ts"), "utf8");
    expect(linkTargets(sdk)).toContain(repositoryFileUrl("docs/getting-started.md"));
    for (const { name } of packed) {
      const readme = readFileSync(join(project, "node_modules", name, "README.md"), "utf8");
      expect(linkTargets(readme).filter((target) => target.startsWith(repositoryUrl())), name).not.toEqual([]);
    }
  });

  it("find broken links: outside, missing, and missing from the repository", () => {
    const packageDir = join(project, "node_modules", "@checks-api/sdk");
    expect(brokenLink(packageDir, "README.md", "../../docs/keys.md")).toMatch(/outside the package/);
    expect(brokenLink(packageDir, "dist/index.d.ts", "./nothing.md")).toMatch(/not in the package/);
    expect(brokenLink(packageDir, "README.md", repositoryFileUrl("docs/nothing.md"))).toMatch(/no such file in the repository/);
    expect(brokenLink(packageDir, "README.md", "LICENSE")).toBeUndefined();
  });
});

/** The first TypeScript block of a Markdown file of the repository: the first program a reader of it meets. */
function firstProgram(markdownFile: string): string {
  const [block] = codeBlocks(readFileSync(join(ROOT, markdownFile), "utf8"));
  if (!block) throw new Error(`${markdownFile} shows no TypeScript program`);
  return block.code;
}

/** The programs a reader copies first, by the name they get in the test project. */
const PROGRAMS = { "quickstart.ts": firstProgram("README.md"), "first-program.ts": firstProgram("docs/getting-started.md") };

/** A CommonJS program with the SDK, for `require` and the `.d.cts` declarations. */
const COMMONJS_PROGRAM = `import { ChecksClient, NotFoundError } from "@checks-api/sdk";
import { validateCheckBody } from "@checks-api/schema";

const client = new ChecksClient();
client.checks
  .get("00000000-0000-4000-8000-000000000000")
  .catch((error: unknown) => {
    if (!(error instanceof NotFoundError)) throw error;
    const result = validateCheckBody({ timeout: 30 }, { compat: "live" });
    console.log(error.name, result.success);
  });
`;

/** Type-checks the test project's programs with `tsc` under the given options (strict); returns tsc's report. */
function typeCheck(name: string, compilerOptions: Record<string, unknown>, files: string[]): string {
  const config = { compilerOptions: { strict: true, target: "ES2022", types: ["node"], ...compilerOptions }, files };
  writeFileSync(join(project, name), JSON.stringify(config));
  const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", name], { cwd: project, encoding: "utf8" });
  return `${result.stdout}${result.stderr}`.trim() || `exit ${result.status}`.replace("exit 0", "");
}

describe("the first programs, installed from the tarballs", () => {
  const files = [...Object.keys(PROGRAMS), "commonjs.cts"];
  let fake: Run;
  let env: NodeJS.ProcessEnv;
  /** What tsc reported for the `nodenext` build, which also emits the programs into `out/`. */
  let nodenextReport: string;

  beforeAll(async () => {
    for (const [file, code] of Object.entries(PROGRAMS)) writeFileSync(join(project, file), code);
    writeFileSync(join(project, "commonjs.cts"), COMMONJS_PROGRAM);
    fake = run(join(project, "node_modules", ".bin", "checks-fake-server"), ["--port", "0", "--demo"], { cwd: project });
    nodenextReport = typeCheck("tsconfig.nodenext.json", { module: "nodenext", moduleResolution: "nodenext", outDir: "out" }, files);
    const url = await listening(fake);
    const key = (await waitFor(fake, /\b(hcw_[A-Za-z0-9]+)/))[1]!;
    // Nothing else: no PATH, no HOME, no option in the programs.
    env = { CHECKS_API_URL: url, CHECKS_API_KEY: key };
  }, 120_000);

  afterAll(async () => {
    fake?.child.kill("SIGTERM");
    await fake?.exit;
  });

  it("compile under strict TypeScript with nodenext (ESM and CommonJS)", () => {
    expect(nodenextReport).toBe("");
  });

  it("compile under strict TypeScript with bundler resolution", { timeout: 120_000 }, () => {
    expect(typeCheck("tsconfig.bundler.json", { module: "esnext", moduleResolution: "bundler", noEmit: true }, files)).toBe("");
  });

  it.each(Object.keys(PROGRAMS))("%s runs against the CLI fake with only CHECKS_API_URL and CHECKS_API_KEY set", async (file) => {
    const service = /\b(?:baseUrl|pingEndpoint):\s*["'`](https?:\/\/[^"'`]+)/.exec(PROGRAMS[file as keyof typeof PROGRAMS]);
    expect(service?.[1], `${file} names its service in the code: it cannot reach the local fake`).toBeUndefined();
    const checks = async () => {
      const response = await fetch(`${env.CHECKS_API_URL}/api/v3/checks/`, { headers: { "X-Api-Key": env.CHECKS_API_KEY! } });
      return ((await response.json()) as { checks: unknown[] }).checks.length;
    };
    const before = await checks();
    const result = spawnSync(process.execPath, [join("out", file.replace(/\.ts$/, ".js"))], { cwd: project, env, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(await checks()).toBe(before + 1);
  });

  it("the CommonJS program requires the packages and gets typed errors", () => {
    const result = spawnSync(process.execPath, [join("out", "commonjs.cjs")], { cwd: project, env, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("NotFoundError false\n");
  });
});
