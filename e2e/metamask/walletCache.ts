import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { metaMaskBrowserArgs } from "./metaMaskBrowser";

/**
 * Synpress's wallet cache: the unpacked MetaMask extension and a browser profile in which the wallet
 * setup (`defineWalletSetup` in wallet-setup/) has run, both under `<repo>/.cache-synpress/` (git-ignored),
 * the profile in the folder named by the setup's hash, as Synpress lays it out. Chromium derives the
 * extension's id from its folder, so the profile is built with the extension at the path the tests load
 * it from.
 *
 * The profile is built here, in-process with this project's Playwright, and not by Synpress's CLI: the
 * CLI gives MetaMask's first page 10 s (four tries) and each onboarding step Playwright's default 30 s,
 * fixed, and on a busy CI machine it failed three builds in a row ("Fixture metaMaskCache timeout of
 * 420000ms exceeded"). Here each step has minutes, the steps are Synpress's own (open the browser with
 * the extension, run the setup on MetaMask's first page, let MetaMask store its state, close).
 * `npm run test:e2e` builds it before the browser tests start, on a machine that is otherwise quiet.
 */

const require = createRequire(import.meta.url);

/** The MetaMask version Synpress 4.1.2 pins (and downloads when no folder is given). */
export const METAMASK_VERSION = "13.13.1";
/** Names the folder holding an unpacked MetaMask (its manifest.json at the top). */
export const EXTENSION_DIR_VARIABLE = "METAMASK_EXTENSION_DIR";

export interface WalletCache {
  /** The unpacked extension the browsers load. */
  readonly extensionDir: string;
  /** The browser profile after the wallet setup; copy it per browser, never use it in place. */
  readonly profileDir: string;
}

/** What `defineWalletSetup` returns, typed with this project's Playwright (Synpress pins its own). */
export interface WalletSetup {
  readonly hash: string;
  readonly fn: (context: BrowserContext, walletPage: Page) => Promise<void>;
}

export interface EnsureWalletCacheOptions {
  readonly rootDir: string;
  readonly setup: WalletSetup;
  /** The Chromium the browsers run. */
  readonly chromiumPath: string;
  readonly log: (message: string) => void;
}

/** MetaMask's first page (onboarding) after the browser starts, and each onboarding step: generous. */
const STEP_TIMEOUT_MS = 180_000;
/** A build that failed is run again from an empty profile (MetaMask's pages stall now and then). */
const BUILD_ATTEMPTS = 2;
/** Written into the profile once the wallet setup has run through; a half-built profile lacks it. */
const READY_MARKER = ".poo-wallet-ready";

function manifestVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { version?: string })
      .version;
  } catch {
    return undefined;
  }
}

/**
 * The extension at `.cache-synpress/metamask-chrome-<version>/`: copied from METAMASK_EXTENSION_DIR when
 * that is set, else downloaded and unpacked by Synpress (`prepareExtension`, from GitHub's releases).
 */
async function stageExtension(cacheDir: string, log: (message: string) => void): Promise<string> {
  const staged = path.join(cacheDir, `metamask-chrome-${METAMASK_VERSION}`);
  if (manifestVersion(staged) === METAMASK_VERSION) return staged;
  const source = process.env[EXTENSION_DIR_VARIABLE];
  if (source) {
    const version = manifestVersion(source);
    if (version !== METAMASK_VERSION) {
      throw new Error(
        `${EXTENSION_DIR_VARIABLE}=${source} does not hold MetaMask ${METAMASK_VERSION} for Chrome ` +
          `(manifest.json version: ${version ?? "no manifest.json"}). Point it at an unpacked metamask-chrome-${METAMASK_VERSION}.`,
      );
    }
    log(`Copying MetaMask ${METAMASK_VERSION} from ${source}`);
    rmSync(staged, { recursive: true, force: true });
    cpSync(source, staged, { recursive: true });
    return staged;
  }
  log(`Downloading MetaMask ${METAMASK_VERSION} (Synpress's prepareExtension)…`);
  try {
    await synpressPrepareExtension(cacheDir);
  } catch (error) {
    throw new Error(
      `MetaMask ${METAMASK_VERSION} is not here and Synpress could not download it (${(error as Error).message}). ` +
        `Set ${EXTENSION_DIR_VARIABLE} to an unpacked metamask-chrome-${METAMASK_VERSION} folder ` +
        "(.ci/run sets it when the team's copy sits beside the repository), then run the tests again.",
    );
  }
  if (manifestVersion(staged) !== METAMASK_VERSION) {
    throw new Error(`Synpress's download did not leave MetaMask ${METAMASK_VERSION} in ${staged}`);
  }
  return staged;
}

/** Synpress's own download of the MetaMask it pins, into `<cwd>/.cache-synpress` (its fixed place). */
async function synpressPrepareExtension(cacheDir: string): Promise<void> {
  if (path.resolve(process.cwd(), ".cache-synpress") !== path.resolve(cacheDir)) {
    throw new Error(`Synpress downloads into <cwd>/.cache-synpress; run from ${path.dirname(cacheDir)}`);
  }
  // synpress-cache is Synpress's own dependency, not this project's: resolve it from Synpress's folder.
  const fromSynpress = createRequire(require.resolve("@synthetixio/synpress"));
  const entry = fromSynpress.resolve("@synthetixio/synpress-cache");
  const cache = (await import(pathToFileURL(entry).href)) as { prepareExtension: () => Promise<string> };
  await cache.prepareExtension();
}

/** MetaMask's first page, which it opens on its own after install (onboarding). */
async function firstExtensionPage(context: BrowserContext): Promise<Page> {
  const isExtensionPage = (page: Page): boolean => page.url().startsWith("chrome-extension://");
  const page =
    context.pages().find(isExtensionPage) ??
    (await context.waitForEvent("page", { predicate: isExtensionPage, timeout: STEP_TIMEOUT_MS }));
  await page.waitForLoadState("domcontentloaded");
  return page;
}

/** Runs the wallet setup in a browser on `profileDir`, then closes it so the profile is complete. */
async function runWalletSetup(
  setup: WalletSetup,
  extensionDir: string,
  profileDir: string,
  chromiumPath: string,
): Promise<void> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    // Chromium's new headless mode runs extensions; Playwright's headless flag would pick the old one.
    headless: false,
    args: [...metaMaskBrowserArgs(extensionDir), "--headless=new"],
  });
  try {
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await firstExtensionPage(context);
    try {
      await setup.fn(context, page);
    } catch (error) {
      // What MetaMask showed when the setup gave up, for whoever reads the failure.
      const shots: string[] = [];
      for (const [index, open] of context.pages().entries()) {
        const file = path.resolve("test-results", `metamask-wallet-setup-page-${index}.png`);
        if (
          await open.screenshot({ path: file }).then(
            () => true,
            () => false,
          )
        ) {
          shots.push(`${open.url()} → ${file}`);
        }
      }
      throw new Error(`${(error as Error).message}\nMetaMask's pages then: ${shots.join("; ") || "none"}`);
    }
    // MetaMask writes its state to the profile's storage asynchronously (Synpress waits the same).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  } finally {
    await context.close();
  }
}

/** Returns the extension and the wallet profile, building them first when missing. */
export async function ensureWalletCache(options: EnsureWalletCacheOptions): Promise<WalletCache> {
  const { rootDir, setup, chromiumPath, log } = options;
  const cacheDir = path.join(rootDir, ".cache-synpress");
  mkdirSync(cacheDir, { recursive: true });
  const extensionDir = await stageExtension(cacheDir, log);
  const profileDir = path.join(cacheDir, setup.hash);
  if (existsSync(path.join(profileDir, READY_MARKER))) return { extensionDir, profileDir };

  const startedAt = performance.now();
  log(`Building the wallet cache ${setup.hash} (once; about 40 s on a quiet machine)…`);
  for (let attempt = 1; ; attempt++) {
    rmSync(profileDir, { recursive: true, force: true });
    try {
      await runWalletSetup(setup, extensionDir, profileDir, chromiumPath);
      break;
    } catch (error) {
      rmSync(profileDir, { recursive: true, force: true });
      const reason = (error as Error).message.split("\n")[0];
      if (attempt >= BUILD_ATTEMPTS) {
        throw new Error(
          `The MetaMask wallet setup failed ${attempt} times; the last time: ${(error as Error).message}`,
        );
      }
      log(`The wallet setup failed (${reason}); building again (${attempt + 1}/${BUILD_ATTEMPTS})…`);
    }
  }
  writeFileSync(path.join(profileDir, READY_MARKER), `${new Date().toISOString()}\n`);
  log(`Wallet cache built in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
  return { extensionDir, profileDir };
}
