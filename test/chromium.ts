/**
 * Debian's Chromium driven by playwright-core, for the dashboard's browser
 * test and the docs' screenshots: no browser download, no network.
 * @module
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Where Debian's `chromium` package puts the browser (`.ci/run` installs it when it is missing). */
export const CHROMIUM = "/usr/bin/chromium";

/** Whether the browser is installed. */
export const chromiumInstalled = (): boolean => existsSync(CHROMIUM);

/**
 * Starts a headless Chromium that stays off the network: no sandbox (CI runs
 * as root in a container), no GPU, no QUIC, no background fetches.
 * @throws Error naming what to install when the browser is missing.
 */
export async function launchChromium(): Promise<Browser> {
  if (!chromiumInstalled()) throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
