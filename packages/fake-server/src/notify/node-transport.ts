/**
 * The real network transport: `node:http` and `node:https`, one connection
 * per request (no pool to keep a process alive), headers sent in the order
 * given with `Host` and `Accept: *\/*` first, as the service's HTTP client
 * sends them. Loopback and private addresses are allowed, unlike the
 * service's default, because a test's receiver lives there.
 * @module
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { ANSWER_EXCERPT_BYTES, DeliveryError, transportErrorText, type Transport } from "./transport.js";

/** A {@link Transport} over the network. */
export const nodeTransport: Transport = (request, signal) =>
  new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      reject(new DeliveryError(transportErrorText("ENOTFOUND")));
      return;
    }
    const headers: Record<string, string> = { Host: url.host, Accept: "*/*" };
    for (const [name, value] of request.headers) headers[name] = value;
    if (request.body !== null) headers["Content-Length"] = String(request.body.byteLength);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    let outgoing;
    try {
      outgoing = send(url, { method: request.method, headers, agent: false, signal });
    } catch (problem) {
      // Node refuses a header value it cannot send before any byte leaves.
      reject(new DeliveryError(transportErrorText((problem as { code?: string }).code)));
      return;
    }
    outgoing.on("error", (problem: NodeJS.ErrnoException) => reject(new DeliveryError(transportErrorText(problem.code))));
    outgoing.on("response", (answer: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (): void => {
        answer.destroy();
        const location = answer.headers.location;
        resolve({
          status: answer.statusCode ?? 0,
          location: location ?? null,
          bodyText: Buffer.concat(chunks).subarray(0, ANSWER_EXCERPT_BYTES).toString("utf8"),
        });
      };
      answer.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size >= ANSWER_EXCERPT_BYTES) finish();
      });
      answer.on("end", finish);
      answer.on("error", finish);
    });
    outgoing.end(request.body === null ? undefined : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength));
  });
