/**
 * The guides name the integration kinds the fake has, and which of them are
 * vendor kinds: adding a kind's module (the fake-server README's "Adding a
 * kind") must not leave them behind unnoticed.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { KIND_NAMES, VENDOR_KINDS } from "../../packages/fake-server/src/model/kinds/registry.js";

const guide = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), "utf8");
const kindsIn = (cell: string) => [...cell.matchAll(/`([a-z]+)`/g)].map((match) => match[1]!).sort();

it("lists every kind once in the alerts guide's table, the vendor kinds in one row", () => {
  const text = guide("testing-alerts.md");
  const table = text.slice(text.indexOf("| kind | `value`"), text.indexOf("\n\n", text.indexOf("| kind | `value`")));
  const rows = table
    .split("\n")
    .slice(2)
    .map((line) => kindsIn(line.split("|")[1]!));
  expect(rows.flat().sort()).toEqual([...KIND_NAMES].sort());
  expect(rows).toContainEqual([...VENDOR_KINDS].sort());
});

it("names exactly the vendor kinds in the CLI reference's --vendor-url row", () => {
  const row = guide("cli.md")
    .split("\n")
    .find((line) => line.startsWith("| `--vendor-url"))!;
  expect(kindsIn(row.slice(row.indexOf("whose address"), row.indexOf(" to base URL")))).toEqual([...VENDOR_KINDS].sort());
});
