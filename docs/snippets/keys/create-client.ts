import { ChecksClient, createClient, ReadOnlyChecksClient } from "@checks-api/sdk";

// Keys starting with hcw_ (read-write) or hcr_ (read-only) tell their kind:
// createClient picks the class, and with a literal key the type follows it.
const admin = createClient({ apiKey: "hcw_0123456789abcdefghijklmnopqr" }); // ChecksClient
const board = createClient({ apiKey: "hcr_0123456789abcdefghijklmnopqr" }); // ReadOnlyChecksClient

// Older keys have no prefix: say which kind a key is (a prefixed key must agree with it).
const legacy = createClient({ apiKey: process.env.CHECKS_API_READONLY_KEY!, keyKind: "read-only" });

// Or pick the class yourself: CHECKS_API_KEY holds the read-write key, CHECKS_API_READONLY_KEY
// the read-only one; a key of the other kind is refused with a TypeError.
const writer = new ChecksClient({ apiKey: process.env.CHECKS_API_KEY! });
const reader = new ReadOnlyChecksClient({ apiKey: process.env.CHECKS_API_READONLY_KEY! });

console.log(admin.pings, board.checks, legacy.flips, writer.channels, reader.badges);
