import { test as base, type BrowserContext, type Page } from "@playwright/test";
import type { Address, Hex } from "viem";
import { createChainClients, type ChainClients } from "../support/chainClients";
import { chromiumPath } from "../support/chromium";
import { connectWallet } from "../support/connectWallet";
import { startE2eStack, type E2eStack } from "../support/e2eStack";
import { e2eMetaMaskPorts } from "../support/ports";
import { MetaMaskWalletDriver } from "../wallet/MetaMaskWalletDriver";
import { MetaMaskSession } from "./MetaMaskSession";
import { ensureWalletCache, type WalletCache } from "./walletCache";
import { hardhatWalletSetup } from "./wallet-setup/hardhat.setup";

/** The local stack's production build plus, on a fresh machine, Synpress's wallet cache. */
const WORKER_SETUP_TIMEOUT_MS = 420_000;
/** Starting MetaMask: copy the profile, launch, unlock, add the local network (30–60 s; minutes on a loaded machine). */
const BROWSER_START_TIMEOUT_MS = 420_000;

/** Snapshot of the chain as the stack deployed it (Hardhat uses a snapshot up: retaken after each revert). */
const pristineSnapshots = new WeakMap<ChainClients, Hex>();

async function revertToPristine(chain: ChainClients): Promise<void> {
  const id = pristineSnapshots.get(chain);
  if (!id) throw new Error("No snapshot of the freshly deployed chain");
  await chain.revert(id);
  pristineSnapshots.set(chain, await chain.snapshot());
}

/** One MetaMask browser per spec file: started by the file's first test, closed when the next file starts. */
class MetaMaskBrowsers {
  #current: { key: string; session: MetaMaskSession } | undefined;

  async forFile(key: string, launch: () => Promise<MetaMaskSession>): Promise<MetaMaskSession> {
    if (this.#current?.key === key) return this.#current.session;
    await this.closeAll();
    const session = await launch();
    this.#current = { key, session };
    return session;
  }

  async closeAll(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    await current?.session.close();
  }
}

export interface MetaMaskWorkerFixtures {
  /** The local stack (chain, contracts, API, production web app), started once per worker. */
  stack: E2eStack;
  /** Public + test clients on the stack's chain. The chain is never reverted under MetaMask (see docs/testing.md, MetaMask). */
  chain: ChainClients;
  /** Synpress's wallet cache (extension + profile after the wallet setup), built on first use. */
  metaMaskCache: WalletCache;
  metaMaskBrowsers: MetaMaskBrowsers;
}

export interface MetaMaskTestFixtures {
  /**
   * Option, per spec file: "local" (default) adds the stack's chain to MetaMask when its browser starts;
   * "none" leaves MetaMask on its defaults (Ethereum), to see the app ask for the network.
   */
  metaMaskNetwork: "local" | "none";
  /** The spec file's MetaMask browser; reset after each test (site disconnected, storage cleared, Account 1). */
  metaMask: MetaMaskSession;
  /** MetaMask behind the WalletDriver interface, fresh per test. */
  wallet: MetaMaskWalletDriver;
  /** Connects the app on `page` (already navigated) through RainbowKit's modal; the connected address. */
  connectWallet: (page: Page) => Promise<Address>;
}

export const test = base.extend<MetaMaskTestFixtures, MetaMaskWorkerFixtures>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, workerInfo) => {
      const log = (message: string): void => console.log(`[e2e stack] ${message}`);
      const stack = await startE2eStack({ ports: e2eMetaMaskPorts, log });
      try {
        log(`started in ${(stack.startupMs / 1000).toFixed(1)} s (worker ${workerInfo.workerIndex})`);
        const { startupMs: _startupMs, stop: _stop, ...seen } = stack;
        await use(seen);
      } finally {
        await stack.stop();
      }
    },
    { scope: "worker", timeout: WORKER_SETUP_TIMEOUT_MS },
  ],

  chain: [
    async ({ stack }, use) => {
      const chain = createChainClients(stack.chainUrl, stack.deployment.chainId);
      pristineSnapshots.set(chain, await chain.snapshot());
      await use(chain);
    },
    { scope: "worker" },
  ],

  metaMaskCache: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      // Built already by `npm run test:e2e` before the browsers start; here for a bare `playwright test`.
      const cache = await ensureWalletCache({
        rootDir: process.cwd(),
        setup: hardhatWalletSetup,
        chromiumPath,
        log: (message) => console.log(`[metamask] ${message}`),
      });
      await use(cache);
    },
    { scope: "worker", timeout: WORKER_SETUP_TIMEOUT_MS },
  ],

  metaMaskBrowsers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const browsers = new MetaMaskBrowsers();
      await use(browsers);
      await browsers.closeAll();
    },
    { scope: "worker" },
  ],

  metaMaskNetwork: ["local", { option: true }],

  metaMask: [
    async (
      { metaMaskBrowsers, metaMaskCache, metaMaskNetwork, stack, chain, headless, baseURL },
      use,
      testInfo,
    ) => {
      const session = await metaMaskBrowsers.forFile(`${testInfo.file}#${metaMaskNetwork}`, async () => {
        // Each file starts on the chain as the stack deployed it, with a MetaMask that has never seen
        // it. Within a file the chain is never reverted: MetaMask keeps nonces and the latest block
        // it saw, and sends nothing that works on a chain that went back in time.
        await revertToPristine(chain);
        return MetaMaskSession.launch({
          cache: metaMaskCache,
          walletPassword: hardhatWalletSetup.walletPassword,
          chromiumPath,
          headless,
          baseURL,
          localNetwork:
            metaMaskNetwork === "local"
              ? {
                  name: "POO Local",
                  rpcUrl: stack.chainUrl,
                  chainId: stack.deployment.chainId,
                  symbol: "ETH",
                }
              : undefined,
          log: (message) => console.log(`[metamask] ${message}`),
        });
      });
      await use(session);
      await session.resetSite(baseURL ?? stack.webUrl);
    },
    { timeout: BROWSER_START_TIMEOUT_MS },
  ],

  // App pages open in MetaMask's browser, so MetaMask injects itself into them.
  context: async ({ metaMask }, use) => {
    await use(metaMask.context as BrowserContext);
  },

  page: async ({ metaMask }, use) => {
    const page = await metaMask.context.newPage();
    await use(page);
    await page.close();
  },

  wallet: async ({ metaMask, chain }, use) => {
    const wallet = new MetaMaskWalletDriver({ session: metaMask, publicClient: chain.publicClient });
    await use(wallet);
    await wallet.settle();
  },

  connectWallet: async ({ wallet }, use) => {
    await use((page) => connectWallet(page, wallet));
  },
});

export { expect } from "@playwright/test";
