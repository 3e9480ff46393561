/**
 * The real network transport: a socket of its own (`node:net`, or
 * `node:tls` with the certificate checked, as the service checks it) per
 * request, on which it writes the request exactly as framed (names in
 * their case, duplicates, order, the request target's bytes) and reads the
 * answer as the service's client does ({@link AnswerReader}). Node's HTTP
 * client is not used: it would add `Connection`, merge headers that differ
 * only in case and re-frame an empty body. Loopback and private addresses
 * are allowed, unlike the service's default, because a test's receiver
 * lives there.
 * @module
 */
import type * as NodeNet from "node:net";
import type * as NodeTls from "node:tls";
import { ipVersion } from "../text/ip.js";
import { nodeBuiltin } from "../text/node-only.js";
import { AnswerReader } from "./answer-reader.js";
import { DeliveryError, TRANSPORT_ERRORS, transportErrorText, type Transport } from "./transport.js";
import { bodyBytes, headBytes } from "./wire-request.js";

const SENDING = 'notifications.delivery "send"';

/** A {@link Transport} over the network. */
export const nodeTransport: Transport = (request, signal) =>
  new Promise((resolve, reject) => {
    const { url } = request;
    const host = url.host.startsWith("[") ? url.host.slice(1, -1) : url.host;
    const secure = url.scheme === "https";
    const socket: NodeNet.Socket = secure
      ? nodeBuiltin<typeof NodeTls>("node:tls", SENDING).connect({ host, port: url.port, servername: ipVersion(host) === 0 ? host : undefined, ALPNProtocols: ["http/1.1"] })
      : nodeBuiltin<typeof NodeNet>("node:net", SENDING).connect({ host, port: url.port });
    const reader = new AnswerReader();
    let done = false;
    const finish = (outcome: ReturnType<AnswerReader["end"]>): void => {
      if (done) return;
      done = true;
      signal.removeEventListener("abort", abort);
      socket.destroy();
      if ("error" in outcome) reject(new DeliveryError(outcome.error));
      else resolve(outcome);
    };
    const abort = (): void => finish({ error: TRANSPORT_ERRORS.timeout });
    signal.addEventListener("abort", abort, { once: true });
    socket.once(secure ? "secureConnect" : "connect", () => {
      socket.write(headBytes(request));
      const body = bodyBytes(request);
      if (body !== null) socket.write(body);
    });
    socket.on("data", (chunk: Buffer) => {
      const outcome = reader.push(chunk);
      if (outcome !== null) finish(outcome);
    });
    socket.on("end", () => finish(reader.end()));
    socket.on("error", (problem: NodeJS.ErrnoException) => {
      // A reset once the request is out is a receive failure; before that, the connection's own error.
      finish({ error: reader.received ? TRANSPORT_ERRORS.receive : transportErrorText(problem.code) });
    });
    socket.on("close", () => finish(reader.end()));
  });
