import type { Page } from "@playwright/test";
import { defineWalletSetup } from "@synthetixio/synpress";
import { finishOnboarding, importWalletFromPhrase } from "../metaMaskActions";
import type { WalletSetup } from "../walletCache";
import { HARDHAT_MNEMONIC, WALLET_PASSWORD } from "../walletSecrets";

/**
 * The wallet every MetaMask spec starts from: Hardhat's public test mnemonic imported (MetaMask's
 * "Account 1" is Hardhat's account 0). Synpress caches the browser profile after
 * this has run once (`.cache-synpress/<hash of this function>`); `npm run test:e2e` builds that cache
 * before the browser tests (walletCache.ts), the MetaMask fixtures when it is missing. The local network
 * is added per browser, not here: its RPC port differs between runs.
 */
const setup = defineWalletSetup(WALLET_PASSWORD, async (_context, walletPage) => {
  // Synpress types the page with its own pinned Playwright; walletCache.ts passes this project's.
  const page = walletPage as unknown as Page;
  const extensionId = new URL(page.url()).host;
  await importWalletFromPhrase(page, HARDHAT_MNEMONIC, WALLET_PASSWORD);
  await finishOnboarding(page, extensionId, WALLET_PASSWORD);
});

export default setup;

/** The same setup, typed with this project's Playwright, for the cache builder and the fixtures. */
export const hardhatWalletSetup = setup as unknown as WalletSetup & { readonly walletPassword: string };
