import type { Page } from "@playwright/test";
import { defineWalletSetup } from "@synthetixio/synpress";
import { finishOnboarding, importWalletFromPhrase } from "../metaMaskActions";
import { HARDHAT_MNEMONIC, WALLET_PASSWORD } from "../walletSecrets";

/**
 * The wallet every MetaMask spec starts from: Hardhat's public test mnemonic imported (MetaMask's
 * "Account 1" is Hardhat's account 0). Synpress caches the browser profile after
 * this has run once (`.cache-synpress/<hash of this function>`); the MetaMask fixtures build that cache
 * on first use. The local network is added per browser, not here: its RPC port differs between runs.
 */
export default defineWalletSetup(WALLET_PASSWORD, async (_context, walletPage) => {
  // The page comes from Synpress's own pinned Playwright; the actions use only what both versions have.
  const page = walletPage as unknown as Page;
  const extensionId = new URL(page.url()).host;
  await importWalletFromPhrase(page, HARDHAT_MNEMONIC, WALLET_PASSWORD);
  await finishOnboarding(page, extensionId);
});
