import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { getExtensionId } from "@synthetixio/synpress/playwright";
import { addNetworkInSettings, metaMaskUrls, selectAccount, unlockWallet } from "./metaMaskActions";
import { metaMaskBrowserArgs } from "./metaMaskBrowser";
import type { WalletCache } from "./walletCache";

/**
 * MetaMask 13.13.1 answers every Confirm with a request to its transaction-sentinel service first and,
 * when that fails (offline), never broadcasts the transaction. Answering it with an empty object lets
 * the confirmation go on. The extension's service-worker requests reach `context.route` only with
 * PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS=1 set before the browser starts.
 */
const TX_SENTINEL = /^https:\/\/tx-sentinel-[^/]+\.api\.cx\.metamask\.io\//;

/**
 * Records what the page asks of its wallets (method, outcome, result) in `window.__walletRequests`, by
 * wrapping `request` of every provider announced through EIP-6963 before the app receives it. MetaMask
 * shows a signature but never the signed value; the test reads it from here.
 */
function recordWalletRequests(): void {
  const log: unknown[] = [];
  Object.defineProperty(window, "__walletRequests", { value: log });
  const wrapped = new WeakSet<object>();
  window.addEventListener(
    "eip6963:announceProvider",
    (event) => {
      const provider = (
        event as CustomEvent<{ provider?: { request?: (args: unknown) => Promise<unknown> } }>
      ).detail?.provider;
      if (!provider?.request || wrapped.has(provider)) return;
      wrapped.add(provider);
      const original = provider.request.bind(provider);
      try {
        provider.request = async (args: unknown) => {
          const entry: Record<string, unknown> = {
            method: (args as { method?: string } | undefined)?.method,
            outcome: "pending",
          };
          log.push(entry);
          try {
            const result = await original(args);
            entry.outcome = "ok";
            entry.result = result;
            return result;
          } catch (error) {
            entry.outcome = "error";
            entry.code = (error as { code?: unknown } | undefined)?.code;
            throw error;
          }
        };
      } catch {
        // A frozen provider stays unrecorded; the driver then says so.
      }
    },
    true,
  );
}

export interface LocalNetwork {
  readonly name: string;
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly symbol: string;
}

export interface LaunchMetaMaskOptions {
  readonly cache: WalletCache;
  readonly walletPassword: string;
  readonly chromiumPath: string;
  readonly headless: boolean;
  readonly baseURL: string | undefined;
  /** Added through MetaMask's settings (and so selected) right after unlocking; none: MetaMask's defaults. */
  readonly localNetwork: LocalNetwork | undefined;
  readonly log: (message: string) => void;
}

/** Kills what is still running with `--user-data-dir=<profileDir>` (Linux: read from /proc). */
function killBrowsersOfProfile(profileDir: string): void {
  if (!existsSync("/proc")) return;
  const flag = `--user-data-dir=${profileDir}`;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes(flag)) {
        process.kill(Number(entry), "SIGKILL");
      }
    } catch {
      // The process ended meanwhile, or is not ours to read.
    }
  }
}

/**
 * One browser with MetaMask, started from a copy of Synpress's wallet cache and unlocked (what
 * Synpress's `metaMaskFixtures` does per test; here once per spec file). App pages open in the same
 * browser context, so MetaMask injects itself into them.
 */
export class MetaMaskSession {
  /** The wallet's selected account, 1-based as MetaMask names them ("Account 1"). */
  selectedAccount = 1;
  #notification: Page | undefined;

  private constructor(
    readonly context: BrowserContext,
    readonly extensionId: string,
    /** MetaMask's home page (home.html), for actions from within the wallet. */
    readonly walletPage: Page,
    readonly localNetwork: LocalNetwork | undefined,
    private readonly profileDir: string,
  ) {}

  static async launch(options: LaunchMetaMaskOptions): Promise<MetaMaskSession> {
    const { cache, chromiumPath, headless, baseURL, log } = options;
    const startedAt = performance.now();
    process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";
    const profileDir = mkdtempSync(path.join(tmpdir(), "poo-metamask-"));
    cpSync(cache.profileDir, profileDir, { recursive: true });
    const args = metaMaskBrowserArgs(cache.extensionDir);
    // Synpress's way: a "headed" launch in Chromium's new headless mode, which runs extensions.
    if (headless) args.push("--headless=new");
    let context: BrowserContext;
    try {
      context = await chromium.launchPersistentContext(profileDir, {
        executablePath: chromiumPath,
        headless: false,
        args,
        baseURL,
        viewport: { width: 1280, height: 800 },
      });
    } catch (error) {
      rmSync(profileDir, { recursive: true, force: true });
      throw error;
    }
    try {
      await context.route(TX_SENTINEL, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
      );
      await context.addInitScript(recordWalletRequests);
      const step = (what: string): void =>
        log(`${what} (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
      step("browser started");
      const extensionId = await getExtensionId(context, "MetaMask");
      const walletPage = context.pages()[0] ?? (await context.newPage());
      await walletPage.bringToFront();
      await unlockWallet(walletPage, extensionId, options.walletPassword);
      step("unlocked");
      if (options.localNetwork) {
        await addNetworkInSettings(walletPage, extensionId, options.localNetwork);
        step(`network ${options.localNetwork.name} added`);
      }
      log(`MetaMask started and unlocked in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
      return new MetaMaskSession(context, extensionId, walletPage, options.localNetwork, profileDir);
    } catch (error) {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** The page showing MetaMask's pending requests (notification.html), opened when needed. */
  async notificationPage(): Promise<Page> {
    if (!this.#notification || this.#notification.isClosed()) {
      this.#notification = await this.context.newPage();
      await this.#notification.goto(metaMaskUrls(this.extensionId).notification);
    }
    return this.#notification;
  }

  /** Opens notification.html afresh (when it sits on MetaMask's home screen with a request pending). */
  async reopenNotificationPage(): Promise<Page> {
    const page = await this.notificationPage();
    await page.goto(metaMaskUrls(this.extensionId).notification);
    return page;
  }

  /** The newest page of the app (not MetaMask's), if any. */
  appPage(): Page | undefined {
    return this.context
      .pages()
      .filter((page) => !page.isClosed() && /^https?:/.test(page.url()))
      .at(-1);
  }

  /** Headless Chromium renders only the front tab: give it back to the app after acting in MetaMask. */
  async focusApp(): Promise<void> {
    await this.appPage()?.bringToFront();
  }

  async selectAccount(n: number): Promise<void> {
    if (n === this.selectedAccount) return;
    await this.walletPage.bringToFront();
    await selectAccount(this.walletPage, this.extensionId, n);
    this.selectedAccount = n;
    await this.focusApp();
  }

  /**
   * Leaves the app's origin as a new visitor finds it: the site's permission revoked in MetaMask (as
   * the app's Disconnect does), its storage and cookies gone, Account 1 selected.
   */
  async resetSite(baseURL: string): Promise<void> {
    const page = await this.context.newPage();
    try {
      await page.goto(new URL("/", baseURL).toString());
      await page.evaluate(async () => {
        const provider = (window as { ethereum?: { request(args: unknown): Promise<unknown> } }).ethereum;
        await provider
          ?.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] })
          .catch(() => undefined);
        localStorage.clear();
        sessionStorage.clear();
      });
    } finally {
      await page.close();
    }
    await this.context.clearCookies();
    await this.selectAccount(1);
  }

  /**
   * Closes the browser, and makes sure it is gone: a MetaMask left running (seen after
   * `context.close()` returned) keeps a core busy under the next spec file's MetaMask.
   */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.context.close().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, 30_000))),
    ]);
    clearTimeout(timer);
    killBrowsersOfProfile(this.profileDir);
    rmSync(this.profileDir, { recursive: true, force: true });
  }
}
