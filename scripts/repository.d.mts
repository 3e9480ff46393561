/** The repository root. */
export declare const ROOT: string;
/** The repository's web address, without a trailing slash. */
export declare function repositoryUrl(root?: string): string;
/** Where a file of the repository is shown on the web, by its path from the repository root. */
export declare function repositoryFileUrl(path: string, root?: string): string;
