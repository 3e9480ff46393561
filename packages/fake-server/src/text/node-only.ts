/**
 * Node's built-ins and Node-only packages, loaded when a feature first needs
 * them rather than when the fake is imported: the core then loads fast and
 * runs in browsers and workers, and a Node-only feature called there says
 * what it needs. Here, at the bottom of the layers, because every layer has
 * one such feature (a server, a socket, a file).
 * @module
 */
import type * as NodeModule from "node:module";

interface RuntimeProcess {
  getBuiltinModule?: (id: string) => unknown;
}

/** Whether Node's built-ins can be loaded here (Node, and runtimes that mimic it: Bun, Deno). */
export function hasNode(): boolean {
  return typeof (globalThis as { process?: RuntimeProcess }).process?.getBuiltinModule === "function";
}

/** The error a Node-only feature throws where Node is missing. */
export function nodeOnlyError(feature: string, needs: string): Error {
  return new Error(
    `${feature} needs Node.js (${needs}), which this runtime lacks: serve the fake with fake.handle(), or in a browser with fake.handlers() for msw's setupWorker`,
  );
}

/**
 * A Node built-in module, e.g. `nodeBuiltin<typeof import("node:http")>("node:http", "listen()")`.
 * @throws Error naming `feature` and the module where there is none (a browser, a worker).
 */
export function nodeBuiltin<T>(id: string, feature: string): T {
  // No import statement, so that a bundler for the browser has nothing to resolve.
  const module = (globalThis as { process?: RuntimeProcess }).process?.getBuiltinModule?.(id);
  if (module === undefined) throw nodeOnlyError(feature, id);
  return module as T;
}

/**
 * A package loaded synchronously with Node's `require` (ES modules too:
 * Node 20.19 and later load them, as the very instance `import` gives).
 * @throws Error naming `feature` and the package outside Node.
 */
export function nodePackage<T>(name: string, feature: string): T {
  if (!hasNode()) throw nodeOnlyError(feature, name);
  const { createRequire } = nodeBuiltin<typeof NodeModule>("node:module", feature);
  return createRequire(import.meta.url)(name) as T;
}
