/** The fault-injection guide names exactly the operations the fake knows, in its order. */
import { readFileSync } from "node:fs";
import { OPERATIONS } from "@checks-api/fake-server";
import { expect, it } from "vitest";

it("lists every operation a fault can target", () => {
  const guide = readFileSync(new URL("../fault-injection.md", import.meta.url), "utf8");
  const paragraph = guide.slice(guide.indexOf("Operations:"), guide.indexOf("\n\n", guide.indexOf("Operations:")));
  const listed = [...paragraph.matchAll(/`(\w+)`/g)].map((match) => match[1]);
  expect(listed).toEqual([...OPERATIONS]);
});
