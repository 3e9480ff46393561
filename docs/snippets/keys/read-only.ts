import { ReadOnlyChecksClient } from "@checks-api/sdk";

const board = new ReadOnlyChecksClient({ apiKey: process.env.CHECKS_API_READONLY_KEY! });

for (const check of await board.checks.list({ tag: "prod" })) {
  // Read-only checks carry `unique_key` instead of the UUID and its URLs.
  const flips = await board.flips.list(check.unique_key, { seconds: 86_400 });
  console.log(`${check.name}: ${check.status}, ${flips.length} status changes today`);
}

// `board.pings`, `board.channels` and every write method do not exist on this
// type: a wrong call is a compile error, not a 401 at run time.

// When you know a check's UUID from elsewhere, add its URLs (the UUID is verified against `unique_key`).
const uuid = process.env.CHECK_UUID!;
const [first] = await board.checks.list({ slug: "nightly-backups" });
if (first) console.log((await board.withUrls(first, uuid)).ping_url);
