/**
 * Vitest global setup of the tests of the packed packages: packs them once
 * (or takes the tarballs of an earlier run of the same sources) before any
 * test file runs, and hands them to every file through `inject("packed")`.
 * @module
 */
import type { TestProject } from "vitest/node";
import { packedPackages, type PackedPackage } from "./pack.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The packed packages, in build order. */
    packed: PackedPackage[];
  }
}

/** Packs the packages and provides them to the tests. */
export default function setup(project: TestProject): void {
  project.provide("packed", packedPackages());
}
