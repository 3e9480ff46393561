/**
 * Importing the fake loads its core alone: a fresh Node process imports the
 * main entry, makes a fake and a project and serves a request, and only then
 * does each Node-only feature load what it needs (msw on `handlers()`, undici
 * on `dispatcher()`, node:http on `listen()`). Timings are the bench's
 * (bench/load.bench.ts); this checks what is loaded, which does not vary.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url));

const script = `
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const loaded = () => [
  ...new Set(Object.keys(require.cache).flatMap((file) => /node_modules\\/(msw|undici|zod|smtp-server|nodemailer)\\//.exec(file)?.[1] ?? [])),
  ...process.moduleLoadList.filter((name) => name === "NativeModule http").map(() => "node:http"),
].sort();
const steps = {};
const { FakeServer } = await import(${JSON.stringify(entry)});
const fake = new FakeServer();
const project = fake.createProject();
steps.made = loaded();
// Node's own fetch (Request, Response) loads node:http itself: from here on only packages are told apart.
await fake.handle(new Request("http://localhost:8000/api/v3/checks/", { headers: { "X-Api-Key": project.readWriteKey } }));
steps.handled = loaded();
fake.handlers();
steps.handlers = loaded();
await fake.dispatcher().close();
steps.dispatcher = loaded();
await (await fake.listen()).close();
console.log(JSON.stringify(steps));
`;

it("loads msw, undici, node:http, the SMTP libraries and zod only when a feature first needs them", () => {
  const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
  expect(JSON.parse(output)).toEqual({
    made: [],
    handled: ["node:http"],
    handlers: ["msw", "node:http"],
    dispatcher: ["msw", "node:http", "undici"],
  });
}, 60_000);
