import { request as httpRequest } from "node:http";
import { request as undiciRequest, type Dispatcher } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createDispatcher, FakeServer, listen, type RunningServer } from "../src/index.js";

// The adapters serve a FakeServer through its internal request form; any
// other handler gets WHATWG objects. Both must answer alike, byte for byte.

const RW = `hcw_${"a".repeat(28)}`;
const RO = `hcr_${"b".repeat(28)}`;
const PING_KEY = `pk_${"c".repeat(19)}`;

function twin(): { fake: FakeServer; uuid: string } {
  const fake = new FakeServer({ seed: 7, clock: { start: "2024-01-01T00:00:00Z" } });
  const project = fake.createProject({ readWriteKey: RW, readOnlyKey: RO, pingKey: PING_KEY });
  fake.addChannel(project.id, { kind: "email", name: "mail" });
  const check = fake.createCheck(project.id, { name: "one", slug: "one", tags: "a b", timeout: 60 });
  fake.createCheck(project.id, { name: "cron", schedule: "*/5 * * * *", tz: "Europe/Riga" });
  return { fake, uuid: check.update_url.split("/").pop() as string };
}

type Case = [method: string, path: string, headers: [string, string][], body?: string];
const JSON_TYPE: [string, string] = ["Content-Type", "application/json"];

function cases(uuid: string): Case[] {
  const rw: [string, string] = ["X-Api-Key", RW];
  const ro: [string, string] = ["X-Api-Key", RO];
  return [
    ["GET", "/api/v3/checks/?tag=a&tag=b", [ro]],
    ["GET", "/api/v3/checks", [rw]],
    ["GET", `/api/v1/checks/${uuid}`, [rw, rw]],
    ["OPTIONS", "/api/v3/checks/", []],
    ["PUT", "/api/v3/checks/", [rw]],
    ["POST", "/api/v3/checks/", [rw], '{"name": "new", "timeout": 120}'],
    ["POST", "/api/v3/checks/", [], `{"api_key": "${RW}", "name": "x\u00e9"}`],
    ["POST", "/api/v3/checks/", [rw], "{bad"],
    ["POST", `/api/v3/checks/${uuid}`, [rw], '{"tags": "z", "channels": "*"}'],
    ["GET", `/ping/${uuid}`, [["User-Agent", "one"], ["User-Agent", "two"]]],
    ["POST", `/ping/${uuid}/fail`, [["X-Forwarded-For", "1.2.3.4, 5.6.7.8"]], "body \u00ff"],
    ["HEAD", `/ping/${uuid}/start`, []],
    ["GET", `/ping/${uuid}?rid=bad`, []],
    ["GET", `/ping/${PING_KEY}/fresh?create=1`, [["x-checks-fake-peer", "9.9.9.9"]]],
    ["GET", `/api/v3/checks/${uuid}/pings/`, [rw]],
    ["GET", `/api/v3/checks/${uuid}/pings/2/body`, [rw]],
    ["GET", `/api/v3/checks/${uuid}/flips/?seconds=x`, [rw]],
    ["GET", "/api/v3/badges/", [ro]],
    ["GET", "/api/v3/../v3/status/", []],
    ["GET", "/api/v3/%63hecks/?q=%E2%9C%93&x='y'", [rw]],
    ["GET", "/a{b}|c", []],
    ["GET", "/%2e%2e/api/v3/status/", []],
    ["POST", "/__fake/clock/advance", [JSON_TYPE], '{"ms": 1000}'],
    ["PUT", "/__fake/clock", []],
    ["POST", "/__fake/faults", [JSON_TYPE], '{"operation": "getCheck", "status": 503, "headers": {"Retry-After": "5"}, "body": "busy"}'],
    ["GET", `/api/v3/checks/${uuid}`, [rw]],
    ["POST", "/__fake/faults", [JSON_TYPE], '{"operation": "listChecks", "status": 205}'],
    ["GET", "/api/v3/checks/", [rw]],
    ["DELETE", `/api/v3/checks/${uuid}`, [rw]],
  ];
}

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Status, header lines but `Date`, and body, as text. */
function overSocket(url: string, [method, path, headers, body]: Case): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const head: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]?.toLowerCase() !== "date") head.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        resolve(`${res.statusCode}\n${head.join("\n")}\n\n${Buffer.concat(chunks).toString("latin1")}`);
      });
    });
    req.on("error", reject);
    for (const [name, value] of headers) req.appendHeader(name, value);
    req.end(body);
  });
}

async function inProcess(dispatcher: Dispatcher, [method, path, headers, body]: Case): Promise<string> {
  const answer = await undiciRequest(`http://localhost:8000${path}`, {
    dispatcher,
    method: method as Dispatcher.HttpMethod,
    headers: headers.flat(),
    ...(body === undefined ? {} : { body }),
  });
  return `${answer.statusCode}\n${JSON.stringify(answer.headers)}\n\n${Buffer.from(await answer.body.arrayBuffer()).toString("latin1")}`;
}

describe("adapters serving a FakeServer directly", () => {
  it("listen(): the same bytes, journal and state as through Request and Response", async () => {
    const direct = twin();
    const wrapped = twin();
    const a = await listen(direct.fake);
    const b = await listen({ handle: (request) => wrapped.fake.handle(request) });
    servers.push(a, b);
    for (const sent of cases(direct.uuid)) {
      const [x, y] = [await overSocket(a.url, sent), await overSocket(b.url, sent)];
      expect(x.replaceAll(String(a.port), "PORT"), `${sent[0]} ${sent[1]}`).toBe(y.replaceAll(String(b.port), "PORT"));
    }
    expect(direct.fake.journal()).toEqual(wrapped.fake.journal());
    expect(direct.fake.exportState()).toEqual(wrapped.fake.exportState());
  });

  it("createDispatcher(): the same answers, journal and state as through Request and Response", async () => {
    const direct = twin();
    const wrapped = twin();
    const a = createDispatcher(direct.fake);
    const b = createDispatcher({ handle: (request) => wrapped.fake.handle(request), options: wrapped.fake.options });
    for (const sent of cases(direct.uuid)) {
      expect(await inProcess(a, sent), `${sent[0]} ${sent[1]}`).toBe(await inProcess(b, sent));
    }
    expect(direct.fake.journal()).toEqual(wrapped.fake.journal());
    expect(direct.fake.exportState()).toEqual(wrapped.fake.exportState());
  });
});
