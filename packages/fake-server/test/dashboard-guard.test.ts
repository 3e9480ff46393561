/**
 * The dashboard at /__fake/ui behind the control API's guard: its files and
 * their headers, another origin, a foreign Host, a peer beyond loopback
 * without a token, and the token's exchange for a cookie.
 */
import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeServer, type RunningServer } from "@checks-api/fake-server";
import { emailKey } from "../src/control/ui.js";
import { listening, start, type Run } from "./cli-process.js";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request over the socket, so that `Host` can be anything. */
function raw(url: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

const UI_FOLDER = new URL("../ui/", import.meta.url);

let server: RunningServer;
beforeAll(async () => {
  server = await new FakeServer().listen();
});
afterAll(() => server.close());

describe("the dashboard's files", () => {
  it.each([
    ["/__fake/ui", "text/html; charset=utf-8", "index.html"],
    ["/__fake/ui/app.js", "text/javascript; charset=utf-8", "app.js"],
    ["/__fake/ui/app.css", "text/css; charset=utf-8", "app.css"],
    ["/__fake/ui/icon.svg", "image/svg+xml", "icon.svg"],
  ])("serves %s as %s with a strict Content-Security-Policy", async (path, type, file) => {
    const answer = await raw(server.url, path);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe(type);
    expect(answer.text).toBe(readFileSync(new URL(file, UI_FOLDER), "utf8"));
    const policy = String(answer.headers["content-security-policy"]);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("loads nothing from elsewhere and runs nothing inline", () => {
    const page = readFileSync(new URL("index.html", UI_FOLDER), "utf8");
    expect(page).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=|https?:\/\//);
    const script = readFileSync(new URL("app.js", UI_FOLDER), "utf8");
    expect(script).not.toMatch(/https?:\/\/|innerHTML|eval\(/);
  });

  it("stays under 50 KiB gzipped", () => {
    const files = readdirSync(UI_FOLDER);
    const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(new URL(file, UI_FOLDER))).length, 0);
    expect(bytes).toBeLessThan(50 * 1024);
  });

  it("sends /__fake/ui/ to /__fake/ui, answers 404 for other files and 405 for other methods", async () => {
    const slash = await raw(server.url, "/__fake/ui/");
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe("/__fake/ui");
    expect((await raw(server.url, "/__fake/ui/../../etc/passwd")).status).toBe(404);
    expect((await raw(server.url, "/__fake/ui/index.html")).status).toBe(404);
    const post = await raw(server.url, "/__fake/ui", {}, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET");
  });

  it("follows a custom control prefix, and is absent when control is off", async () => {
    const custom = new FakeServer({ control: { prefix: "/_admin" } });
    expect((await custom.handle(new Request("http://localhost:8000/_admin/ui"))).status).toBe(200);
    const off = new FakeServer({ control: false });
    expect((await off.handle(new Request("http://localhost:8000/__fake/ui"))).status).toBe(404);
  });
});

describe("the dashboard's protections", () => {
  it.each(["/__fake/ui", "/__fake/ui/app.js"])("refuses %s to a page of another origin", async (path) => {
    const answer = await raw(server.url, path, { origin: "http://evil.example" });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain("a browser request from origin http://evil.example");
  });

  it.each(["cross-site", "same-site"])("refuses a %s load (a link or a frame on another site)", async (site) => {
    expect((await raw(server.url, "/__fake/ui", { "sec-fetch-site": site })).status).toBe(403);
  });

  it("refuses a foreign Host (DNS rebinding)", async () => {
    const answer = await raw(server.url, "/__fake/ui", { host: "attacker.example:8000" });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain("Host attacker.example:8000 is not an address this server answers to");
  });

  it("refuses a peer beyond this machine when no token is set", async () => {
    const open = new FakeServer({ control: { allowedHosts: ["*"] } });
    const answer = await open.handle(new Request("http://localhost:8000/__fake/ui", { headers: { "x-checks-fake-peer": "192.0.2.7" } }));
    expect(answer.status).toBe(403);
  });
});

describe("an email's HTML part at its own address", () => {
  // An alert email in the outbox of a fake served over a socket.
  async function emailed(fake: FakeServer): Promise<{ running: RunningServer; html: string; path: string }> {
    const project = fake.createProject({ name: "Shop" });
    fake.addChannel(project.id, { kind: "email", value: "ops@example.org" });
    const check = fake.createCheck(project.id, { name: "backup", channels: "*" });
    await fake.handle(new Request(`http://localhost:8000/ping/${check.uuid as string}/fail`));
    await fake.settled();
    const html = fake.notifications()[0]!.email!.html;
    return { running: await fake.listen(), html, path: `/__fake/ui/email/${emailKey(html)}` };
  }

  it("serves it as the service rendered it, under a policy that allows its inline styles and runs nothing", async () => {
    const { running, html, path } = await emailed(new FakeServer({ notifications: { delivery: "record" } }));
    try {
      const answer = await raw(running.url, path);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.text).toBe(html);
      expect(html).toContain('style="');
      const policy = String(answer.headers["content-security-policy"]);
      const directives = policy.split("; ");
      // Nothing but its own inline styles and data: images: no script, no request, framed by the dashboard alone.
      expect(directives).toEqual(expect.arrayContaining(["default-src 'none'", "style-src 'unsafe-inline'", "img-src data:", "frame-ancestors 'self'", "sandbox"]));
      expect(policy).not.toMatch(/script-src|connect-src|unsafe-eval|allow-scripts/);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["cache-control"]).toBe("no-store");
      // Its address is a digest of the HTML: no key or check UUID in it.
      expect(path).toMatch(/^\/__fake\/ui\/email\/[0-9a-f]{16}$/);
      expect((await raw(running.url, "/__fake/ui/email/0123456789abcdef")).status).toBe(404);
      expect((await raw(running.url, path, { origin: "http://evil.example" })).status).toBe(403);
      expect((await raw(running.url, path, { "sec-fetch-site": "cross-site" })).status).toBe(403);
      expect((await raw(running.url, path, { host: "attacker.example:8000" })).status).toBe(403);
      expect((await raw(running.url, path, {}, "POST")).status).toBe(405);
    } finally {
      await running.close();
    }
  });

  it("finds it in the outbox without copying the outbox", async () => {
    const fake = new FakeServer({ notifications: { delivery: "record" } });
    const { running, html, path } = await emailed(fake);
    await running.close();
    const clone = vi.spyOn(globalThis, "structuredClone");
    try {
      const answer = await fake.handle(new Request(`http://localhost:8000${path}`));
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(html);
      expect(clone).not.toHaveBeenCalled();
    } finally {
      clone.mockRestore();
    }
  });

  it("wants the control token like every dashboard file, in the header or the cookie, never in its address", async () => {
    const token = "email-token";
    const { running, path } = await emailed(new FakeServer({ control: { token }, notifications: { delivery: "record" } }));
    try {
      expect((await raw(running.url, path)).status).toBe(401);
      expect((await raw(running.url, `${path}?token=${token}`)).status).toBe(401);
      expect((await raw(running.url, path, { cookie: `checks_fake_control=${token}` })).status).toBe(200);
      expect((await raw(running.url, path, { authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe("the dashboard with a control token", () => {
  const token = "dash;board=token";
  // As the CLI sets the fake up when bound beyond loopback.
  const exposed = new FakeServer({ control: { token, allowedHosts: ["*"] } });
  const get = (path: string, headers: Record<string, string> = {}) =>
    exposed.handle(new Request(`http://fake.example:8000${path}`, { headers: { "x-checks-fake-peer": "192.0.2.7", ...headers }, redirect: "manual" }));

  it("refuses a missing or wrong token off loopback, saying how to give it", async () => {
    const missing = await get("/__fake/ui");
    expect(missing.status).toBe(401);
    expect(await missing.text()).toContain("open /__fake/ui?token=<control token>");
    expect((await get("/__fake/ui/app.js")).status).toBe(401);
    expect((await get(`/__fake/ui?token=wrong`)).status).toBe(401);
    expect((await get("/__fake/ui", { cookie: "checks_fake_control=wrong" })).status).toBe(401);
  });

  it("takes the token from the address once, into an HttpOnly SameSite=Strict cookie, and drops it from the address", async () => {
    const entry = await get(`/__fake/ui?token=${encodeURIComponent(token)}`);
    expect(entry.status).toBe(303);
    expect(entry.headers.get("location")).toBe("/__fake/ui");
    const cookie = entry.headers.get("set-cookie")!;
    expect(cookie).toBe(`checks_fake_control=${encodeURIComponent(token)}; Path=/__fake; HttpOnly; SameSite=Strict`);
    const carried = { cookie: `other=1; ${cookie.split(";")[0]!}` };
    expect((await get("/__fake/ui", carried)).status).toBe(200);
    expect((await get("/__fake/ui/app.js", carried)).status).toBe(200);
    // The page's own reads of the control API ride on the same cookie.
    expect((await get("/__fake/clock", carried)).status).toBe(200);
    // …but only from its own origin.
    expect((await get("/__fake/clock", { ...carried, origin: "http://evil.example" })).status).toBe(403);
    expect((await get("/__fake/clock", { ...carried, "sec-fetch-site": "same-site" })).status).toBe(403);
  });

  it("takes the token from the address only at the dashboard's entry", async () => {
    expect((await get(`/__fake/clock?token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await get(`/__fake/ui/app.js?token=${encodeURIComponent(token)}`)).status).toBe(401);
  });
});

describe("the CLI's dashboard", () => {
  let cli: Run;
  let url: string;
  const token = "cli-dashboard-token";
  beforeAll(async () => {
    cli = start(["--port", "0", "--control-token", token]);
    url = await listening(cli);
  });
  afterAll(async () => {
    cli.child.kill("SIGTERM");
    await cli.exit;
  });

  it("prints the dashboard's address, and serves it with the token given once", async () => {
    await expect.poll(() => cli.stdout()).toContain(`Dashboard: ${url}/__fake/ui?token=<control token>`);
    expect((await raw(url, "/__fake/ui")).status).toBe(401);
    const entry = await raw(url, `/__fake/ui?token=${token}`);
    expect(entry.status).toBe(303);
    const cookie = String(entry.headers["set-cookie"]).split(";")[0]!;
    expect((await raw(url, "/__fake/ui", { cookie })).status).toBe(200);
  });
});
