import { describe, expect, it } from "vitest";
import { AnswerReader } from "../src/transport/answer-reader.js";
import { frameRequest, headBytes } from "../src/transport/wire-request.js";
import { credentials, curlHref, hostHeader, parseCurlUrl, requestTarget, resolveLocation } from "../src/text/curl-url.js";

describe("URLs read as libcurl reads them", () => {
  it.each([
    ["http://127.0.0.1:9\\@evil.example/", "evil.example", 80, "127.0.0.1:9\\"],
    ["http://a@b@c.example/", null, 0, null],
    ["HTTPS://Example.COM:8443/x", "Example.COM", 8443, null],
    ["http://[::1]:8080/", "[::1]", 8080, null],
    ["http://127.1/", "127.0.0.1", 80, null],
    ["http://0x7f.0.0.1:81/", "127.0.0.1", 81, null],
    ["http://2130706433/", "127.0.0.1", 80, null],
    ["http://bücher.example/", "xn--bcher-kva.example", 80, null],
    ["http://host:/", "host", 80, null],
  ])("%s: host %s, port %i, user part %s", (text, host, port, userinfo) => {
    if (host === null) {
      expect(() => parseCurlUrl(text)).toThrow("HTTP request failed, code: 3");
      return;
    }
    expect(parseCurlUrl(text)).toMatchObject({ host, port, userinfo });
  });

  it.each([
    ["file:///etc/passwd", 1],
    ["gopher://example.com/", 1],
    ["ftp://example.com/", 1],
    ["http://exa mple.com/", 3],
    ["http://example.com/a b", 3],
    ["http://example.com:65536/", 3],
    ["http://example.com:8o/", 3],
    ["http://", 3],
    ["http://:80/", 3],
    ["http://ex%41mple.com/", 3],
    ["http://[zz]/", 3],
    ["not a url", 3],
  ])("refuses %s with code %i", (text, code) => {
    expect(() => parseCurlUrl(text)).toThrow(`HTTP request failed, code: ${code}`);
  });

  it("keeps the path and query as written, removes dot segments and the fragment", () => {
    const url = parseCurlUrl("http://h/a/./b/../c/%7E{x}?q=ä&r=%41#frag");
    expect(Buffer.from(requestTarget(url))).toEqual(Buffer.concat([Buffer.from("/a/c/%7E{x}?q="), Buffer.from("ä"), Buffer.from("&r=%41")]));
    expect(Buffer.from(requestTarget(parseCurlUrl("http://h/ü/")))).toEqual(Buffer.from("/%c3%bc/"));
    expect(Buffer.from(requestTarget(parseCurlUrl("http://h")))).toEqual(Buffer.from("/"));
    expect(Buffer.from(requestTarget(parseCurlUrl("http://h/a/..")))).toEqual(Buffer.from("/"));
    expect(curlHref(parseCurlUrl("http://u:p@h:80/x?y"))).toBe("http://h/x?y");
    expect(hostHeader(parseCurlUrl("https://h:443/"))).toBe("h");
    expect(hostHeader(parseCurlUrl("https://h:80/"))).toBe("h:80");
  });

  it("decodes the user part into Basic credentials", () => {
    expect(Buffer.from(credentials(parseCurlUrl("http://us%65r:p%40ss:x@h/"))!).toString()).toBe("user:p@ss:x");
    expect(Buffer.from(credentials(parseCurlUrl("http://user@h/"))!).toString()).toBe("user:");
    expect(credentials(parseCurlUrl("http://h/"))).toBeNull();
  });

  it("resolves a Location as libcurl follows it", () => {
    const base = parseCurlUrl("http://u:p@h:81/a/b?q=1");
    const href = (location: string) => curlHref(resolveLocation(base, location));
    expect(href("/x")).toBe("http://h:81/x");
    expect(href("c")).toBe("http://h:81/a/c");
    expect(href("../c?d")).toBe("http://h:81/c?d");
    expect(href("?z")).toBe("http://h:81/a/b?z");
    expect(href("//other/y")).toBe("http://other/y");
    expect(href("https://else/")).toBe("https://else/");
    expect(href("/sp ace?a b")).toBe("http://h:81/sp%20ace?a+b");
    expect(href("/\xc3\xbc")).toBe("http://h:81/%c3%bc");
    expect(resolveLocation(base, "c").userinfo).toBe("u:p");
    expect(() => resolveLocation(base, "file:///etc/passwd")).toThrow("code: 1");
    expect(() => resolveLocation(base, "gopher://h/")).toThrow("code: 1");
  });
});

describe("requests framed as libcurl frames them", () => {
  const frame = (url: string, headers: Array<[string, string]>, body: string | null = null, first = url) =>
    frameRequest({ method: "POST", headers, body: body === null ? null : Buffer.from(body) }, parseCurlUrl(url), parseCurlUrl(first));
  const lines = (request: ReturnType<typeof frame>) => Buffer.from(headBytes(request)).toString("latin1").split("\r\n").slice(1, -2);

  it("puts a stored Host in Host's place, and sends none for an empty `Host:`", () => {
    expect(lines(frame("http://h/", [["host", "other.example"]]))).toEqual(["Host:other.example", "Accept: */*"]);
    expect(lines(frame("http://h/", [["Host", ""]]))).toEqual(["Accept: */*"]);
  });

  it("lets a stored Accept, Authorization or Content-Length of any spelling replace the client's own", () => {
    expect(lines(frame("http://u:p@h/", [["accept", ""], ["AUTHORIZATION", "Bearer t"], ["content-length", "3"]], "abc"))).toEqual([
      "Host: h",
      "AUTHORIZATION:Bearer t",
      "content-length:3",
    ]);
  });

  it("sends the body in chunks under a stored Transfer-Encoding: chunked", () => {
    const request = frame("http://h/", [["Transfer-Encoding", "chunked"]], "abc");
    expect(request.chunked).toBe(true);
    expect(lines(request)).toEqual(["Host: h", "Accept: */*", "Transfer-Encoding:chunked"]);
  });

  it("after a redirect to another host, sends neither the stored Host nor credentials nor cookies", () => {
    const headers: Array<[string, string]> = [["Host", "mine"], ["Authorization", "Bearer t"], ["Cookie", "c=1"], ["X-A", "1"]];
    expect(lines(frame("http://other/", headers, null, "http://u:p@h/"))).toEqual(["Host: other", "Accept: */*", "X-A:1"]);
    expect(lines(frame("http://h/next", [["X-A", "1"]], null, "http://u:p@h/"))).toEqual(["Host: h", "Accept: */*", "X-A:1"]);
  });

  it("leaves out a blank value whatever whitespace it holds", () => {
    expect(lines(frame("http://h/", [["X-A", " \r\n\t"], ["X-B", "b"]]))).toEqual(["Host: h", "Accept: */*", "X-B:b"]);
  });

  it("refuses a header value with a line break, a NUL or a character beyond Latin-1", () => {
    for (const value of ["a\r\nB: c", "a\nb", "a\0", "✓"]) {
      expect(() => frame("http://h/", [["X-A", value]])).toThrow('Not sent: the header "X-A" holds a line break');
    }
  });
});

describe("answers read as libcurl reads them", () => {
  const feed = (...chunks: string[]) => {
    const reader = new AnswerReader();
    for (const chunk of chunks) {
      const outcome = reader.push(Buffer.from(chunk, "latin1"));
      if (outcome !== null) return outcome;
    }
    return reader.end();
  };

  it("skips interim answers, reads bare line feeds, and a chunked body split anywhere", () => {
    expect(feed("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok")).toEqual({ status: 201, location: null, bodyText: "ok" });
    expect(feed("HTTP/1.0 302 Found\nLocation:  /x \n\n")).toEqual({ status: 302, location: "/x", bodyText: "" });
    expect(feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab", "c\r\n1;ext=1\r", "\nd\r\n0\r\nX-T: 1\r\n\r\n")).toEqual({
      status: 200,
      location: null,
      bodyText: "abcd",
    });
    expect(feed("HTTP/1.1 500 Boom\r\n\r\nto the close")).toEqual({ status: 500, location: null, bodyText: "to the close" });
    expect(feed("HTTP/1.1 204 No Content\r\n\r\n")).toEqual({ status: 204, location: null, bodyText: "" });
  });

  it.each([
    [[""], "code: 52"],
    [["HTTP/1.1 200"], "code: 52"],
    [["HELLO THERE\r\n"], "code: 1"],
    [["H", "T", "X"], "code: 1"],
    [["HTTP/1.1 abc\r\n\r\n"], "code: 8"],
    [["HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n"], "code: 8"],
    [["HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab"], "code: 18"],
    [["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n"], "code: 18"],
    [["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"], "code: 56"],
    [[`HTTP/1.1 200 OK\r\nX: ${"a".repeat(310 * 1024)}`], "code: 100"],
  ])("%j fails with %s", (chunks, error) => {
    expect(feed(...chunks)).toEqual({ error: `HTTP request failed, ${error}` });
  });

  it("keeps only the first 4096 bytes of a long body", () => {
    const outcome = feed(`HTTP/1.1 400 Bad\r\nContent-Length: 10000\r\n\r\n${"x".repeat(10_000)}`);
    expect("bodyText" in outcome && outcome.bodyText.length).toBe(4096);
  });
});
