import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import * as fetchEntry from "../src/fetch.js";
import * as nodeEntry from "../src/index.js";

/** A request as a {@link serve} server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
}

/**
 * An HTTP server on 127.0.0.1 (port 0) answering with `handler`, recording
 * every request; `close()` also ends kept-alive connections.
 */
export async function serve(handler: RequestListener) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Both entry points with their default transports: undici for the Node entry, the global fetch for the fetch entry. */
export const DEFAULT_TRANSPORTS = [
  { name: "@checks-api/sdk (undici)", sdk: nodeEntry as typeof fetchEntry },
  { name: "@checks-api/sdk/fetch (fetch)", sdk: fetchEntry },
] as const;
