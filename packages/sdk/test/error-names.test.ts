import { describe, expect, it } from "vitest";
import * as fetchEntry from "../src/fetch.js";
import * as nodeEntry from "../src/index.js";
import { ChecksApiError } from "../src/index.js";

describe("every error class names itself", () => {
  it("with a literal name equal to its export's name, whatever the class is called at run time", () => {
    for (const entry of [nodeEntry, fetchEntry]) {
      const classes = Object.entries(entry).filter(
        ([, value]) => typeof value === "function" && (value === ChecksApiError || value.prototype instanceof ChecksApiError),
      );
      expect(classes.length).toBeGreaterThanOrEqual(15);
      for (const [exported, ErrorClass] of classes) {
        // A minifier renames classes: a renamed copy must keep the name.
        const Renamed = { Z: class extends (ErrorClass as typeof ChecksApiError) {} }.Z;
        const init = { method: "GET", path: "/", requestSent: false, timeoutMs: 1, maxResponseBytes: 1, outcome: "not-found" as const };
        expect(new (ErrorClass as typeof ChecksApiError)(init).name, exported).toBe(exported);
        expect(new Renamed(init).name, exported).toBe(exported);
        expect(String(new Renamed(init).stack).startsWith(`${exported}: `), exported).toBe(true);
      }
    }
  });
});

