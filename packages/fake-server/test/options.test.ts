import { describe, expect, it } from "vitest";
import { FakeServer, type FakeServerOptions } from "@checks-api/fake-server";

const TOKEN_MESSAGE =
  "control.token must be printable ASCII without spaces (it travels as Authorization: Bearer <token>)";

describe("FakeServer options", () => {
  it.each<[string, FakeServerOptions, string]>([
    ["a base URL that does not parse", { baseUrl: "localhost:8000" }, "baseUrl must be an http:// or https:// URL, not localhost:8000"],
    ["a base URL of another scheme", { baseUrl: "ftp://example.com" }, "baseUrl must be an http:// or https:// URL, not ftp://example.com"],
    ["a base URL with a query", { baseUrl: "http://example.com/?a=1" }, "baseUrl must have no query, fragment or credentials: http://example.com/?a=1"],
    ["a ping endpoint with a fragment", { pingEndpoint: "http://example.com/ping/#x" }, "pingEndpoint must have no query, fragment or credentials: http://example.com/ping/#x"],
    ["a negative body limit", { apiBodyLimit: -1 }, "apiBodyLimit must be a non-negative integer, not -1"],
    ["a body limit that is not a number", { apiBodyLimit: Number.NaN }, "apiBodyLimit must be a non-negative integer, not NaN"],
    ["a fractional ping body limit", { pingBodyLimit: 1.5 }, "pingBodyLimit must be a non-negative integer or null, not 1.5"],
    ["a journal limit that is not a number", { journalLimit: Number.NaN }, "journalLimit must be a non-negative integer, not NaN"],
    ["a negative check limit", { checkLimit: -1 }, "checkLimit must be a non-negative integer, not -1"],
    ["a ping log limit of 0", { pingLogLimit: 0 }, "pingLogLimit must be a positive integer, not 0"],
    ["a fractional ping log limit", { pingLogLimit: 2.5 }, "pingLogLimit must be a positive integer, not 2.5"],
    ["an empty control prefix", { control: { prefix: "" } }, 'control.prefix must be a path such as /__fake (a "/" and more, no "/" at the end), not ""'],
    ["a control prefix of /", { control: { prefix: "/" } }, 'control.prefix must be a path such as /__fake (a "/" and more, no "/" at the end), not "/"'],
    ["a control prefix without its slash", { control: { prefix: "__fake" } }, 'control.prefix must be a path such as /__fake (a "/" and more, no "/" at the end), not "__fake"'],
    ["a negative control body limit", { control: { bodyLimit: -5 } }, "control.bodyLimit must be a non-negative integer, not -5"],
    ["an unknown clock mode", { clock: { mode: "fast" as "real" } }, 'clock.mode must be "virtual" or "real", not "fast"'],
    ["a control token with a space", { control: { token: "my token" } }, TOKEN_MESSAGE],
    ["a control token beyond ASCII", { control: { token: "pässwört" } }, TOKEN_MESSAGE],
    ["an empty control token", { control: { token: "" } }, TOKEN_MESSAGE],
    ["an attempt time limit of 0", { notifications: { attemptTimeoutMs: 0 } }, "notifications.attemptTimeoutMs must be a whole number of milliseconds from 1 to 2147483647, not 0"],
    ["an attempt time limit beyond a timer's", { notifications: { attemptTimeoutMs: 2 ** 31 } }, "notifications.attemptTimeoutMs must be a whole number of milliseconds from 1 to 2147483647, not 2147483648"],
    ["a ping email domain with a space", { pingEmailDomain: "hc local" }, 'pingEmailDomain must be a domain name such as hc.localhost, not "hc local"'],
    ["an empty ping email domain", { pingEmailDomain: "" }, 'pingEmailDomain must be a domain name such as hc.localhost, not ""'],
  ])("refuses %s with a RangeError naming the option", (_, options, message) => {
    expect(() => new FakeServer(options)).toThrow(new RangeError(message));
  });

  it("accepts the edges of each range", () => {
    const fake = new FakeServer({
      baseUrl: "https://example.com/hc/",
      pingEndpoint: "https://ping.example.com",
      apiBodyLimit: 0,
      pingBodyLimit: null,
      journalLimit: 0,
      control: { prefix: "/a", bodyLimit: 0 },
      clock: { mode: "real" },
    });
    expect(fake.options).toMatchObject({ baseUrl: "https://example.com/hc", pingEndpoint: "https://ping.example.com/" });
  });
});
