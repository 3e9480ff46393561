import { describe, expect, it } from "vitest";
import { FakeServerClient, FakeServerControlError } from "../src/index.js";
import { controlAccess, TOKEN_VARIABLE } from "../src/cli/control-access.js";
import { listening, start, waitFor } from "./cli-process.js";

describe("the CLI's control token", () => {
  it("requires --control-token on every control request and never prints it", async () => {
    const token = "cli-test-token-4f1d2a";
    const cli = start(["--port", "0", "--control-token", token]);
    const url = await listening(cli);
    await waitFor(cli, /^ {2}every control request needs "Authorization: Bearer <control token>"$/m);
    const refused = await new FakeServerClient({ url }).clock.now().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FakeServerControlError);
    expect(refused).toMatchObject({ status: 401 });
    const project = await new FakeServerClient({ url, token }).createProject({ name: "with token" });
    expect(project.name).toBe("with token");
    cli.child.kill("SIGTERM");
    expect(await cli.exit).toBe(0);
    expect(cli.stdout() + cli.stderr()).not.toContain(token);
  }, 60_000);

  it.each([
    ["loopback", { host: "127.0.0.1" }, {}, { source: "none", exposed: false, token: undefined }],
    ["IPv6 loopback", { host: "::1" }, {}, { source: "none", exposed: false, token: undefined }],
    ["localhost", { host: "localhost" }, {}, { source: "none", exposed: false, token: undefined }],
    ["loopback, token given", { host: "127.0.0.1", controlToken: "given" }, {}, { source: "given", exposed: false, token: "given" }],
    ["loopback, token from the environment", { host: "127.0.0.1" }, { [TOKEN_VARIABLE]: "env" }, { source: "given", exposed: false, token: "env" }],
    ["all interfaces, token given", { host: "0.0.0.0", controlToken: "given" }, { [TOKEN_VARIABLE]: "env" }, { source: "given", exposed: true, token: "given" }],
    ["all interfaces, control off", { host: "::", control: false }, {}, { source: "none", exposed: true, token: undefined }],
  ])("decides access for %s", (_, options, env, expected) => {
    expect(controlAccess({ control: true, ...options }, env)).toEqual(expected);
  });

  it("generates a fresh URL-safe token when bound beyond loopback without one", () => {
    const a = controlAccess({ host: "0.0.0.0", control: true }, { [TOKEN_VARIABLE]: "" });
    const b = controlAccess({ host: "192.0.2.10", control: true }, {});
    expect(a).toMatchObject({ source: "generated", exposed: true });
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b.token).not.toBe(a.token);
  });
});
