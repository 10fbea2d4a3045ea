/**
 * Builds the MetaMask wallet cache before the browser tests start (`npm run test:e2e`,
 * `npm run test:metamask`), while nothing else runs: on a fresh machine the wallet setup then takes
 * about 40 s instead of minutes beside the other browser lane. Does nothing when the cache is there.
 */
import { assertChromiumInstalled, chromiumPath } from "../support/chromium";
import { hardhatWalletSetup } from "./wallet-setup/hardhat.setup";
import { ensureWalletCache } from "./walletCache";

try {
  assertChromiumInstalled();
  await ensureWalletCache({
    rootDir: process.cwd(),
    setup: hardhatWalletSetup,
    chromiumPath,
    log: (message) => console.log(`[metamask] ${message}`),
  });
} catch (error) {
  console.error(`[metamask] ${(error as Error).message}`);
  process.exit(1);
}
