/** The package folders, each after those it depends on. */
export declare const PACKAGES: readonly string[];
/** A digest of the inputs of every package's build (sources, build configuration, lock file). */
export declare function packagesHash(): string;
/** Points the doc comments' relative links to the repository's files at their address in the repository. */
export declare function absoluteRepositoryLinks(text: string): string;
/**
 * Builds the packages in `dirs` and the workspace packages they depend on, in order, skipping those up to date.
 * @returns the folders that were built
 */
export declare function buildPackages(dirs: string[], options?: { force?: boolean; jsOnly?: boolean }): string[];
