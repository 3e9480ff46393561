/**
 * Helpers of the tests of the CLI's commands (`verify`, `import`): running
 * one in this process with its output collected, and a server of the
 * test's own on 127.0.0.1, port 0, standing in for a service.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Subcommand } from "../src/cli/subcommands.js";

/** Runs `command` in this process; collects what it prints. */
export async function runCommand(command: Subcommand, args: string[], env: NodeJS.ProcessEnv) {
  let out = "";
  let err = "";
  const status = await command(args, { env, out: (text) => (out += text), err: (text) => (err += text) });
  return { status, out, err };
}

/** A server on 127.0.0.1, port 0, answering with `handler` once each request's body is in. */
export async function serve(handler: (request: IncomingMessage, response: ServerResponse, body: Buffer) => void) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handler(request, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
