// The layering rules of the packages, checked in `npm test` (test/architecture).
// The fake server's layers, lowest first: text → model → http and transport (siblings) → notify →
// control, adapters and smtp → the facade (fake-server.ts, options.ts) → cli, testing (the
// matchers) and the entries (index.ts, browser.ts, cli.ts, matchers.ts, vitest.ts).
// The SDK's layers, lowest first: transport → core (the request engine) →
// resources and ping (siblings) → clients → the root (index.ts and fetch.ts,
// the entries, and exports.ts, which they share).
// A module may import its own layer and the layers below it, never above.
const FAKE = "^packages/fake-server/src/";
const FACADE = `${FAKE}(fake-server|options)\\.ts$`;
const BELOW_FACADE = `${FAKE}(text|model|http|transport|notify|control|adapters|smtp)/`;
const SDK = "^packages/sdk/src/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "Import cycles (type-only ones too) hide the layering; break them by moving the shared piece down.",
      severity: "error",
      from: { path: "^packages/[^/]+/src/" },
      to: { circular: true },
    },
    {
      name: "nothing-below-the-facade-imports-it",
      comment: "The facade composes the layers and hands them plain data; they never reach back up.",
      severity: "error",
      from: { path: BELOW_FACADE },
      to: { path: [FACADE, `${FAKE}(index|browser|cli|matchers|vitest)\\.ts$`, `${FAKE}(cli|testing)/`] },
    },
    {
      name: "text-is-the-bottom",
      comment: "text/ holds pure string and byte helpers shaped like the service's Python; it imports nothing of ours but the schema.",
      severity: "error",
      from: { path: `${FAKE}text/` },
      to: { path: `${FAKE}(model|http|transport|notify|control|adapters|smtp)/` },
    },
    {
      name: "model-does-not-speak-http",
      comment: "The service model (store, clock, status, schedule, email, badges, state) knows nothing of requests and replies.",
      severity: "error",
      from: { path: `${FAKE}model/` },
      to: { path: `${FAKE}(http|transport|notify|control|adapters|smtp)/` },
    },
    {
      name: "http-below-control-and-adapters",
      comment: "The service's HTTP protocol is what the control API and the adapters build on, not the other way round.",
      severity: "error",
      from: { path: `${FAKE}http/` },
      to: { path: `${FAKE}(transport|notify|control|adapters|smtp)/` },
    },
    {
      name: "transport-below-notify",
      comment: "The transports frame a request and read its answer as the service's HTTP client does; what to send, and when, is the notification processor's, never theirs.",
      severity: "error",
      from: { path: `${FAKE}transport/` },
      to: { path: `${FAKE}(http|notify|control|adapters|smtp)/` },
    },
    {
      name: "notify-below-control-and-adapters",
      comment: "The notification processor runs after the service's answers and reads the check as the API shows it; the control API and the adapters drive it, never the reverse.",
      severity: "error",
      from: { path: `${FAKE}notify/` },
      to: { path: `${FAKE}(control|adapters|smtp)/` },
    },
    {
      name: "adapters-and-control-apart",
      comment: "Runtime adapters, the SMTP listener and relay, and the control API are siblings: each knows only the layers below.",
      severity: "error",
      from: { path: `${FAKE}(adapters|control|smtp)/` },
      to: { path: `${FAKE}(adapters|control|smtp)/`, pathNot: [`${FAKE}$1/`] },
    },
    {
      name: "sdk-nothing-imports-an-entry",
      comment: "index.ts and fetch.ts are what users import: an entry imported from inside would tie the fetch entry to undici, or run in a cycle.",
      severity: "error",
      from: { path: SDK },
      to: { path: `${SDK}(index|fetch)\\.ts$` },
    },
    {
      name: "sdk-layers-below-the-root",
      comment: "The root holds the entries and the export list they share; every layer folder is below it.",
      severity: "error",
      from: { path: `${SDK}[^/]+/` },
      to: { path: `${SDK}[^/]+\\.ts$` },
    },
    {
      name: "sdk-transport-is-the-bottom",
      comment: "A transport sends one request and reads its answer; retries, errors, resources and clients are built on it, not in it.",
      severity: "error",
      from: { path: `${SDK}transport/` },
      to: { path: `${SDK}(core|resources|ping|clients)/` },
    },
    {
      name: "sdk-core-below-the-apis",
      comment: "The request engine (options, request, response, retry, errors, masking) serves every call and knows no endpoint of its own.",
      severity: "error",
      from: { path: `${SDK}core/` },
      to: { path: `${SDK}(resources|ping|clients)/` },
    },
    {
      name: "sdk-resources-and-ping-apart",
      comment: "The management API's resources and the ping API are siblings over the engine: neither imports the other.",
      severity: "error",
      from: { path: `${SDK}(resources|ping)/` },
      to: { path: `${SDK}(resources|ping)/`, pathNot: [`${SDK}$1/`] },
    },
    {
      name: "sdk-apis-below-the-clients",
      comment: "The clients compose the resources and the ping API; those never reach back up to a client.",
      severity: "error",
      from: { path: `${SDK}(resources|ping)/` },
      to: { path: `${SDK}clients/` },
    },
    {
      name: "packages-through-public-entries",
      comment: "A package reaches another only through its published entry (the workspace name), never a relative path into it.",
      severity: "error",
      from: { path: "^packages/([^/]+)/src/" },
      to: {
        path: "^packages/",
        pathNot: ["^packages/$1/", "^packages/[^/]+/src/index\\.ts$", "^packages/sdk/src/fetch\\.ts$", "^packages/schema/src/lite\\.ts$"],
      },
    },
    {
      name: "packages-by-name",
      comment: "Another package is imported by its npm name, as its users do, never by a relative path.",
      severity: "error",
      from: { path: "^packages/([^/]+)/src/" },
      to: { path: "^packages/", pathNot: "^packages/$1/", dependencyTypesNot: ["aliased-tsconfig-paths"] },
    },
    {
      name: "schema-is-self-contained",
      comment: "The wire format is the bottom of everything: it imports neither the SDK nor the fake server.",
      severity: "error",
      from: { path: "^packages/schema/src/" },
      to: { path: ["^packages/(sdk|fake-server)/", "^@checks-api/(sdk|fake-server)"] },
    },
    {
      name: "sdk-imports-the-zod-free-schema",
      comment: "The SDK validates with the generated zod-free validators: importing it must never load zod (a slow start, a big bundle).",
      severity: "error",
      from: { path: "^packages/sdk/src/" },
      to: { path: ["^packages/schema/src/index\\.ts$", "(^|/)node_modules/zod/", "^zod($|/)"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "fake-core-needs-no-node-built-in",
      comment:
        "The fake's core runs in browsers and workers: a Node built-in is loaded where a Node-only feature first needs it (text/node-only.ts), never imported; the CLI alone is Node's.",
      severity: "error",
      from: { path: FAKE, pathNot: `${FAKE}(cli\\.ts$|cli/)` },
      to: { dependencyTypes: ["core"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "fake-core-loads-its-heavy-libraries-on-first-use",
      comment:
        "Importing the fake loads its core alone: msw, undici and the SMTP libraries load when handlers(), dispatcher() or SMTP first need them (the browser entry hands msw over up front), and zod not at all.",
      severity: "error",
      from: { path: FAKE, pathNot: `${FAKE}(cli\\.ts$|cli/|browser\\.ts$)` },
      to: {
        path: ["(^|/)node_modules/(msw|undici|smtp-server|nodemailer|zod)/", "^(msw|undici|smtp-server|nodemailer|zod)($|/)", "^packages/schema/src/index\\.ts$"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "only-the-fake-cli-uses-the-sdk",
      comment:
        "The fake's commands that talk to a real service (verify, import) are SDK users, and so is the vitest kit, whose `client` fixture is an SDK client for the test; the fake itself never depends on the SDK it is a test double for.",
      severity: "error",
      from: { path: FAKE, pathNot: `${FAKE}(cli\\.ts$|cli/|vitest\\.ts$)` },
      to: { path: ["^packages/sdk/", "@checks-api/sdk"] },
    },
    {
      name: "sdk-does-not-import-the-fake",
      comment: "The SDK ships to users; the fake server is a test tool.",
      severity: "error",
      from: { path: "^packages/sdk/src/" },
      to: { path: ["^packages/fake-server/", "@checks-api/fake-server"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "types"], extensions: [".ts", ".js"] },
    exclude: { path: ["/dist/", "/test/"] },
  },
};
