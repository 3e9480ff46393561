/**
 * Stands for the Node built-ins that `examples/support/io.ts` imports for
 * the functions the page replaces (`runIfScript`, `processIo`): nothing in
 * the page calls them.
 * @module
 */
const nodeOnly = (): never => {
  throw new Error("this needs Node: the examples in the page run without it");
};

export { nodeOnly as fileURLToPath, nodeOnly as resolve };
