/**
 * The sixteen steps as a script for Node, Bun and Deno: the fake's URL, a
 * read-write key and a URL where nothing listens come as arguments; it
 * prints the steps as one JSON line.
 * @module
 */
import { sixteenSteps } from "./sixteen-steps.js";

declare const Deno: { args: string[] } | undefined;

const [baseUrl = "", apiKey = "", closedUrl = ""] = typeof Deno === "undefined" ? process.argv.slice(2) : Deno.args;
console.log(JSON.stringify(await sixteenSteps(baseUrl, apiKey, closedUrl)));
