import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Synpress's wallet cache, built on first use: the unpacked MetaMask extension and a browser profile in
 * which the wallet setup (wallet-setup/*.setup.ts) has run, both under `<repo>/.cache-synpress/`
 * (git-ignored). Chromium derives the extension's id from its folder, so the profile is built with
 * the extension at the path the tests load it from.
 */

const require = createRequire(import.meta.url);
const run = promisify(execFile);

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

export interface EnsureWalletCacheOptions {
  readonly rootDir: string;
  /** `hash` of the wallet setup (`defineWalletSetup`), as the test process computes it. */
  readonly setupHash: string;
  /** Folder of the wallet setup files, relative to rootDir. */
  readonly setupDir: string;
  /** The Chromium the browsers run (Synpress's pinned Playwright is pointed at it). */
  readonly chromiumPath: string;
  readonly log: (message: string) => void;
}

function manifestVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { version?: string })
      .version;
  } catch {
    return undefined;
  }
}

/**
 * Puts the extension where Synpress looks for it (`.cache-synpress/metamask-chrome-<version>/` plus a
 * `.zip` beside it, which makes Synpress skip its download) when METAMASK_EXTENSION_DIR names one.
 */
function stageExtension(cacheDir: string, log: (message: string) => void): string {
  const staged = path.join(cacheDir, `metamask-chrome-${METAMASK_VERSION}`);
  const source = process.env[EXTENSION_DIR_VARIABLE];
  if (source) {
    const version = manifestVersion(source);
    if (version !== METAMASK_VERSION) {
      throw new Error(
        `${EXTENSION_DIR_VARIABLE}=${source} does not hold MetaMask ${METAMASK_VERSION} for Chrome ` +
          `(manifest.json version: ${version ?? "no manifest.json"}). Point it at an unpacked metamask-chrome-${METAMASK_VERSION}.`,
      );
    }
    if (manifestVersion(staged) !== METAMASK_VERSION) {
      log(`Copying MetaMask ${METAMASK_VERSION} from ${source}`);
      rmSync(staged, { recursive: true, force: true });
      cpSync(source, staged, { recursive: true });
    }
    writeFileSync(`${staged}.zip`, ""); // Synpress's download is skipped when the archive exists
  }
  return staged;
}

/**
 * Synpress's cache builder runs its own pinned playwright-core, which starts the browser of its own
 * revision from PLAYWRIGHT_BROWSERS_PATH and cannot be given an executablePath. A private browsers
 * folder whose `chromium-<revision>` executable is a symlink to the system Chromium makes it start that.
 */
function linkChromiumForSynpress(cacheDir: string, chromiumPath: string): string {
  const cacheDirOfSynpress = packageDir("@synthetixio/synpress-cache", packageDir("@synthetixio/synpress"));
  const browsersJson = path.join(packageDir("playwright-core", cacheDirOfSynpress), "browsers.json");
  const browsers = JSON.parse(readFileSync(browsersJson, "utf8")) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.browsers.find((browser) => browser.name === "chromium")?.revision;
  if (!revision) throw new Error(`No chromium revision in ${browsersJson}`);
  const browsersPath = path.join(cacheDir, "ms-playwright");
  // Playwright 1.48 looks in chrome-linux/, later versions in chrome-linux64/.
  for (const folder of ["chrome-linux", "chrome-linux64"]) {
    const dir = path.join(browsersPath, `chromium-${revision}`, folder);
    mkdirSync(dir, { recursive: true });
    const link = path.join(dir, "chrome");
    rmSync(link, { force: true });
    symlinkSync(chromiumPath, link);
  }
  return browsersPath;
}

/**
 * The folder of package `name` as Node resolves it from `fromDir` (default: this project). Resolves the
 * package's entry and walks up: these packages' `exports` do not list package.json.
 */
function packageDir(name: string, fromDir?: string): string {
  const resolver = fromDir ? createRequire(path.join(fromDir, "package.json")) : require;
  let dir = path.dirname(resolver.resolve(name));
  while (!existsSync(path.join(dir, "package.json")) || !isPackage(dir, name)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the folder of ${name}`);
    dir = parent;
  }
  return dir;
}

function isPackage(dir: string, name: string): boolean {
  return (
    (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string }).name === name
  );
}

/** Synpress's cache builder, run again when it timed out waiting for MetaMask on a busy machine. */
const BUILD_ATTEMPTS = 3;

/** Written into the profile once the wallet setup has run through; a half-built profile lacks it. */
const READY_MARKER = ".poo-wallet-ready";

function isBuilt(profileDir: string): boolean {
  return existsSync(path.join(profileDir, READY_MARKER));
}

/** Returns the extension and the wallet profile, building them first when missing. */
export async function ensureWalletCache(options: EnsureWalletCacheOptions): Promise<WalletCache> {
  const { rootDir, setupHash, setupDir, chromiumPath, log } = options;
  const cacheDir = path.join(rootDir, ".cache-synpress");
  mkdirSync(cacheDir, { recursive: true });
  const extensionDir = stageExtension(cacheDir, log);
  const profileDir = path.join(cacheDir, setupHash);
  if (isBuilt(profileDir) && manifestVersion(extensionDir) === METAMASK_VERSION) {
    return { extensionDir, profileDir };
  }

  log(`Building Synpress's wallet cache ${setupHash} (once; about 40 s)…`);
  rmSync(profileDir, { recursive: true, force: true }); // Synpress skips a non-empty folder
  const browsersPath = linkChromiumForSynpress(cacheDir, chromiumPath);
  const cli = path.join(packageDir("@synthetixio/synpress"), "dist", "cli.js");
  for (let attempt = 1; ; attempt++) {
    try {
      await run(process.execPath, [cli, setupDir, "--headless"], {
        cwd: rootDir,
        env: { ...process.env, PLAYWRIGHT_BROWSERS_PATH: browsersPath, HEADLESS: "true" },
        maxBuffer: 16 * 1024 * 1024,
      });
      break;
    } catch (error) {
      rmSync(profileDir, { recursive: true, force: true });
      const output = error as { stdout?: string; stderr?: string; message: string };
      const text = `${output.stdout ?? ""}\n${output.stderr ?? ""}`;
      if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|DownloadFile/.test(text) && !existsSync(extensionDir)) {
        throw new Error(
          `MetaMask ${METAMASK_VERSION} is not here and Synpress could not download it (no access to GitHub). ` +
            `Set ${EXTENSION_DIR_VARIABLE} to an unpacked metamask-chrome-${METAMASK_VERSION} folder ` +
            "(.ci/run sets it when the team's copy sits beside the repository), then run the tests again.",
        );
      }
      // Synpress gives the extension's first page 10 s (three tries); a busy machine takes longer.
      if (attempt < BUILD_ATTEMPTS && /No extension page found|Timeout/i.test(text)) {
        log(
          `Synpress did not find MetaMask's first page in time; building again (${attempt + 1}/${BUILD_ATTEMPTS})…`,
        );
        continue;
      }
      throw new Error(`Synpress could not build the wallet cache:\n${text.trim() || output.message}`);
    }
  }
  if (!existsSync(profileDir) || readdirSync(profileDir).length === 0) {
    throw new Error(
      `Synpress built its cache, but not under ${profileDir}: the wallet setup's hash in the test process ` +
        `(${setupHash}) differs from the CLI's. Folders in ${cacheDir}: ${readdirSync(cacheDir).join(", ")}`,
    );
  }
  writeFileSync(path.join(profileDir, READY_MARKER), `${new Date().toISOString()}\n`);
  log("Wallet cache built.");
  return { extensionDir, profileDir };
}
