import { describe, expect, it } from "vitest";
import { FakeServer } from "../src/index.js";
import { LazyBodyResponse } from "../src/http/lazy-response.js";

// `handle()` answers with a `Response` that makes its body stream only when
// asked. Whatever a caller does with it must go exactly as with
// `new Response(body, init)`: every step's value or error, `bodyUsed`, the
// headers, and what the stream then holds.

type Body = string | Uint8Array<ArrayBuffer>;
type Step = "text" | "json" | "arrayBuffer" | "bytes" | "blob" | "formData" | "body" | "readBody" | "clone" | "cloneText";

const BODIES: [label: string, body: Body][] = [
  ["empty text", ""],
  ["text", "hello"],
  ["JSON", '{"name": "backups", "tags": ["a", 1]}'],
  ["JSON after a BOM", '\ufeff{"a": 1}'],
  ["two BOMs", "\ufeff\ufeffx"],
  ["a lone surrogate", "a\ud800b"],
  ["a lone surrogate after a BOM", "\ufeffa\udc00"],
  ["non-ASCII", "é 中 😀"],
  ["invalid JSON", "{bad"],
  ["form data", "a=1&b=%C3%A9"],
  ["empty bytes", new Uint8Array()],
  ["bytes with a BOM", new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d])],
  ["invalid UTF-8", new Uint8Array([0xff, 0xfe, 0x41])],
];

const HEADERS: [label: string, headers: [string, string][]][] = [
  ["untyped", [["x-extra", "1"]]],
  ["JSON", [["content-type", "application/json"], ["access-control-allow-origin", "*"]]],
  ["form", [["content-type", "application/x-www-form-urlencoded"]]],
  ["HTML with parameters", [["Content-Type", "text/html; charset=utf-8"]]],
];

const SEQUENCES: Step[][] = [
  ["text"],
  ["json"],
  ["arrayBuffer"],
  ["bytes"],
  ["blob"],
  ["formData"],
  ["readBody"],
  ["text", "text"],
  ["json", "arrayBuffer"],
  ["bytes", "body", "text"],
  ["text", "body", "readBody"],
  ["body", "text", "text"],
  ["readBody", "json"],
  ["body", "clone", "text", "cloneText"],
  ["clone", "text", "cloneText", "clone"],
  ["text", "clone"],
  ["blob", "text", "clone"],
  ["formData", "bytes"],
];

function described(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return { arrayBuffer: [...new Uint8Array(value)] };
  if (value instanceof Uint8Array) return { bytes: [...value], own: value.byteOffset === 0 && value.buffer.byteLength === value.byteLength };
  if (value instanceof FormData) return { formData: [...value.entries()] };
  return { value };
}

async function settle(run: () => unknown): Promise<unknown> {
  try {
    return described(await run());
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

async function observe(make: () => Response, steps: Step[]): Promise<unknown[]> {
  let response: Response;
  try {
    response = make();
  } catch (error) {
    return [`constructor: ${(error as Error).name}: ${(error as Error).message}`];
  }
  let copy: Response | undefined;
  const seen: unknown[] = [
    response.status,
    response.statusText,
    response.ok,
    response.type,
    response.url,
    response.redirected,
    [...response.headers],
    response instanceof Response,
  ];
  for (const step of steps) {
    let outcome: unknown;
    switch (step) {
      case "body": {
        const body = response.body;
        outcome = body === null ? null : { locked: body.locked, same: body === response.body };
        break;
      }
      case "readBody":
        outcome = await settle(() => (response.body === null ? null : new Response(response.body).arrayBuffer()));
        break;
      case "clone":
        outcome = await settle(() => {
          copy = response.clone();
          return [copy.status, [...copy.headers], copy.bodyUsed];
        });
        break;
      case "cloneText":
        outcome = await settle(() => copy?.text());
        break;
      case "blob":
        outcome = await settle(async () => {
          const blob = await response.blob();
          return [blob.type, [...new Uint8Array(await blob.arrayBuffer())]];
        });
        break;
      default:
        outcome = await settle(() => response[step]());
    }
    seen.push(step, outcome, response.bodyUsed);
  }
  return seen;
}

describe("LazyBodyResponse", () => {
  for (const [bodyLabel, body] of BODIES) {
    for (const [headersLabel, headers] of HEADERS) {
      it(`answers like a Response: ${bodyLabel}, ${headersLabel} headers`, async () => {
        for (const steps of SEQUENCES) {
          for (const status of [200, 404]) {
            const init = { status, headers: new Headers(headers) };
            const plain = await observe(() => new Response(body, init), steps);
            const lazy = await observe(() => new LazyBodyResponse(body, init), steps);
            expect(lazy, `${steps.join(", ")} (status ${status})`).toEqual(plain);
          }
        }
      });
    }
  }

  it("refuses a body with a status that cannot have one, as a Response does", async () => {
    for (const status of [204, 205, 304, 199, 600]) {
      const init = { status, headers: new Headers() };
      const plain = await observe(() => new Response("x", init), ["text"]);
      expect(plain[0]).toMatch(/^constructor: /);
      expect(await observe(() => new LazyBodyResponse("x", init), ["text"])).toEqual(plain);
    }
  });

  it("gives every reader bytes of its own", async () => {
    const body = new TextEncoder().encode("shared") as Uint8Array<ArrayBuffer>;
    const response = new LazyBodyResponse(body, { status: 200, headers: new Headers() });
    const copy = response.clone();
    new Uint8Array(await response.arrayBuffer()).fill(0);
    (await copy.bytes()).fill(0);
    expect(new TextDecoder().decode(body)).toBe("shared");
  });

  it("is what handle() answers, and its stream holds the same bytes as its text", async () => {
    const fake = new FakeServer();
    const { readWriteKey } = fake.createProject();
    const request = (): Request => new Request(`${fake.options.baseUrl}/api/v3/checks/`, { headers: { "X-Api-Key": readWriteKey ?? "" } });
    const first = await fake.handle(request());
    expect(first).toBeInstanceOf(LazyBodyResponse);
    const streamed = await new Response(first.body).text();
    expect(streamed).toBe(await (await fake.handle(request())).text());
    expect(JSON.parse(streamed)).toEqual({ checks: [] });
  });
});
