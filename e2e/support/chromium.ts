import { existsSync } from "node:fs";

/**
 * The browser tests run on the system's Chromium (Debian's /usr/bin/chromium): Playwright's own browser
 * download is not reachable from the project's machines. Never `npx playwright install`.
 */
export const chromiumPath = process.env.E2E_CHROMIUM_PATH ?? "/usr/bin/chromium";

/** One clear message naming what to install, instead of every spec failing in milliseconds. */
export function assertChromiumInstalled(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `The browser tests need Chromium at ${chromiumPath}, which does not exist. ` +
        "Install it (Debian/Ubuntu: apt-get install chromium) or set E2E_CHROMIUM_PATH to another Chromium.",
    );
  }
}
