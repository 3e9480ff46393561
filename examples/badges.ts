/**
 * Show the badge URLs of every tag of the project (and of "*", all checks),
 * ready to paste into a README or a wiki page.
 *
 * Run: node --import tsx examples/badges.ts
 * Uses CHECKS_API_URL and CHECKS_API_KEY when set, else an in-process demo fake.
 */
import { runIfScript, type Io } from "./support/io.js";
import { connect } from "./support/service.js";

export async function main({ print, env }: Io): Promise<void> {
  const { client, where } = await connect(env);
  print(`Badges of the project on ${where}`);
  const badges = await client.badges.list();
  for (const [tag, urls] of Object.entries(badges)) {
    print("");
    print(tag === "*" ? "All checks (*):" : `Tag "${tag}":`);
    print(`  SVG, up/down:          ${urls.svg}`);
    print(`  SVG, up/late/down:     ${urls.svg3}`);
    print(`  JSON:                  ${urls.json}`);
    print(`  Shields.io endpoint:   ${urls.shields}`);
    print(`  Markdown:              ![${tag === "*" ? "all checks" : tag}](${urls.svg})`);
  }
}

runIfScript(import.meta.url, main);
