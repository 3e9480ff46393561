/**
 * The sixteen steps as a module worker for workerd, which has no arguments
 * or stdout: a POST carries the fake's URL, a read-write key and a URL where
 * nothing listens as a JSON array, and the answer is the steps as JSON.
 * @module
 */
import { sixteenSteps } from "./sixteen-steps.js";

/** The worker's handlers. */
export default {
  /** Runs the steps for a POST of `[baseUrl, apiKey, closedUrl]`; anything else is refused. */
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("POST [baseUrl, apiKey, closedUrl]\n", { status: 405 });
    const [baseUrl = "", apiKey = "", closedUrl = ""] = (await request.json()) as string[];
    const steps = await sixteenSteps(baseUrl, apiKey, closedUrl);
    return new Response(JSON.stringify(steps), { headers: { "content-type": "application/json" } });
  },
};
