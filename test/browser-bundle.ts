/**
 * Browser bundles as an application's build makes them (esbuild, ESM,
 * minified), for the bench's size figure and the tests that check what a
 * bundle of the fetch entry holds.
 * @module
 */
import { build, type BuildOptions, type BuildResult } from "esbuild";

/** A minified browser bundle of `input` (entry points or stdin), kept in memory, with its metafile. */
export function bundleForBrowser(input: Pick<BuildOptions, "entryPoints" | "stdin" | "tsconfig" | "plugins">) {
  return build({
    ...input,
    bundle: true,
    platform: "browser",
    format: "esm",
    minify: true,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
}

/**
 * The files whose code ends up in a bundle, with their minified bytes
 * (esbuild resolves the imports of modules it then drops as unused, so an
 * import spy would not do).
 */
export function bundledFiles(result: BuildResult<{ metafile: true }>): Array<[file: string, bytes: number]> {
  return Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file, input]): [string, number] => [file, input.bytesInOutput]),
  );
}

/** True for a file of zod. */
export const isZodFile = (file: string): boolean => /(^|\/)node_modules\/zod\//.test(file);
