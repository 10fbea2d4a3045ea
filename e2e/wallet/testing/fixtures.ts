import { test as base } from "@playwright/test";
import { e2ePorts } from "../../support/ports";
import { startLocalChain, type LocalChain } from "../../support/startLocalChain";
import { InjectedTestWalletDriver } from "../InjectedTestWalletDriver";
import { WalletTestPage } from "./WalletTestPage";

interface WorkerFixtures {
  /** An in-process Hardhat chain for this worker (port E2E_WALLET_CHAIN_PORT + worker index). */
  chain: LocalChain;
}

interface TestFixtures {
  /** The injected test wallet, installed on the test's browser context; chain state is reverted afterwards. */
  wallet: InjectedTestWalletDriver;
  /** The blank test page, opened after the wallet was installed, with the wallet discovered. */
  walletPage: WalletTestPage;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  chain: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, workerInfo) => {
      const chain = await startLocalChain({ port: e2ePorts.walletChain + workerInfo.parallelIndex });
      await use(chain);
      await chain.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],

  wallet: async ({ chain, context }, use) => {
    const snapshot = await chain.rpc<string>("evm_snapshot");
    const wallet = new InjectedTestWalletDriver({ rpcUrl: chain.rpcUrl, nodeChainId: chain.chainId });
    await wallet.install(context);
    await use(wallet);
    await wallet.uninstall();
    await chain.rpc("evm_revert", [snapshot]);
  },

  walletPage: async ({ page, wallet: _installedFirst }, use) => {
    await use(await WalletTestPage.open(page));
  },
});

export { expect } from "@playwright/test";
