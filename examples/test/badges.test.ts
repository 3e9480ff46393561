import { expect, it } from "vitest";
import { main } from "../badges.js";
import { run } from "./run.js";

it("shows the badge URLs of every tag and of all checks", async () => {
  const lines = await run(main);
  const headings = lines.filter((line) => /^(Tag|All)/.test(line));
  expect(headings).toEqual(['Tag "db":', 'Tag "prod":', 'Tag "reports":', 'Tag "staging":', "All checks (*):"]);
  const prod = lines.slice(lines.indexOf('Tag "prod":') + 1, lines.indexOf('Tag "prod":') + 6);
  // The badge key of an account's first project is a UUID cut to 30 characters, as the live service makes it.
  expect(prod[0]).toMatch(/^ {2}SVG, up\/down: +http:\/\/localhost:8000\/badge\/[0-9a-f-]{30}\/[\w-]{8}-2\/prod\.svg$/);
  expect(prod[1]).toMatch(/\/[\w-]{8}\/prod\.svg$/);
  expect(prod[3]).toMatch(/\/prod\.shields$/);
  expect(prod[4]).toMatch(/^ {2}Markdown: +!\[prod\]\(http:\/\/localhost:8000\/badge\/.+\/prod\.svg\)$/);
});
