/**
 * The environment an example that reads `CHECKS_API_URL` and the keys runs
 * with: a fresh project of a fake with one check, as a reader has after
 * `npm start`. The docs tests run such snippets under Node with it, and the
 * site's Run button with the same project of an in-page fake.
 * @module
 */

/** What {@link environment} needs of a fake server (the in-page one or a real one). */
export interface SeedableFake {
  /** Creates a project with its keys. */
  createProject(): { id: string; readWriteKey?: string | null | undefined; readOnlyKey?: string | null | undefined; pingKey: string };
  /** Creates a check without going through HTTP. */
  createCheck(projectId: string, body: { name: string; slug: string; tags: string }): unknown;
}

/** The site `CHECKS_API_URL` names in the site's pages: the in-page fake's. */
export const IN_PAGE_URL = "https://checks.in-page.localhost";

/** Matches the source of an example that takes its service from the environment. */
export const READS_ENVIRONMENT = /process\.env|new (?:ChecksClient|ReadOnlyChecksClient|PingClient)\(\)|createClient\(\)/;

/** The variables for a fresh project of `fake`, served at `url`, holding one check. */
export function environment(fake: SeedableFake, url: string): Record<string, string> {
  const project = fake.createProject();
  const check = fake.createCheck(project.id, { name: "Nightly backups", slug: "nightly-backups", tags: "prod db" }) as { update_url: string };
  return {
    CHECKS_API_URL: url,
    CHECKS_API_KEY: project.readWriteKey!,
    CHECKS_API_READONLY_KEY: project.readOnlyKey!,
    CHECKS_PING_KEY: project.pingKey,
    CHECK_UUID: check.update_url.split("/").pop()!,
  };
}
