// `npm run screenshots`: the README's pictures of the Stake and Launch pages (docs/images/*.png),
// taken with Playwright from the production build on a local stack this script starts and stops
// itself (as the browser tests do), with the Local test wallet connected and a stake on the chain.
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { createTestClient, createWalletClient, http, parseAbi, parseUnits, type Address } from "viem";
import { hardhat } from "viem/chains";
import { assertChromiumInstalled, chromiumPath } from "../e2e/support/chromium";
import { accountButton, connectButton, pressInDialog, walletOption } from "../e2e/support/connectWallet";
import { startLocalStack, type LocalStack } from "./lib/local-stack";

/** Its own ports, clear of `npm start` (85xx, 5173), the browser tests (86xx, 42xx) and the bench (91xx). */
const PORTS = { chain: 8745, explorer: 8746, api: 8797, web: 4373 } as const;
const OUT_DIR = path.resolve("docs/images");
/** A laptop's window: the whole Stake page above the fold, small PNGs. */
const VIEWPORT = { width: 1280, height: 800 };
/** What account #0 has staked when the picture is taken, and how long ago (rewards have accrued). */
const STAKE = parseUnits("100000", 18);
const STAKED_FOR_S = 6 * 60 * 60;
const WAIT_MS = 60_000;

const log = (message: string): void => console.log(`[screenshots] ${message}`);

const erc20 = parseAbi(["function approve(address spender, uint256 amount) returns (bool)"]);
const staking = parseAbi(["function stake(uint256 amount)"]);

/** Approves and stakes STAKE POO from `account` (the node signs: its accounts are unlocked), then moves time on. */
async function stakeOnChain(stack: LocalStack, account: Address): Promise<void> {
  const chain = { ...hardhat, id: stack.deployment.chainId };
  const wallet = createWalletClient({ chain, transport: http(stack.chainUrl), account });
  const test = createTestClient({ chain, mode: "hardhat", transport: http(stack.chainUrl) });
  const pooToken = stack.deployment.pooToken as Address;
  const stakingAddress = stack.deployment.staking as Address;
  await wallet.writeContract({
    address: pooToken,
    abi: erc20,
    functionName: "approve",
    args: [stakingAddress, STAKE],
  });
  await wallet.writeContract({ address: stakingAddress, abi: staking, functionName: "stake", args: [STAKE] });
  await test.increaseTime({ seconds: STAKED_FOR_S });
  await test.mine({ blocks: 1 });
}

async function save(page: Page, name: string): Promise<void> {
  const file = path.join(OUT_DIR, name);
  await page.screenshot({ path: file, animations: "disabled" });
  log(`${path.relative(process.cwd(), file)}: ${Math.round(statSync(file).size / 1024)} KiB`);
}

async function main(): Promise<void> {
  assertChromiumInstalled();
  const dataDir = mkdtempSync(path.join(tmpdir(), "poo-screenshots-"));
  // A fresh API database, deployment file and launch catalogue: nothing of `npm start`'s is touched.
  process.env.DATABASE_PATH = path.join(dataDir, "poo.sqlite");
  process.env.VITE_CHAINS = "local";
  let stack: LocalStack | undefined;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    stack = await startLocalStack({
      web: "preview",
      chainPort: PORTS.chain,
      apiPort: PORTS.api,
      webPort: PORTS.web,
      explorerPort: PORTS.explorer,
      outDir: `dist-screenshots-${PORTS.web}`,
      deploymentsDir: path.join(dataDir, "deployments"),
      launchpadDir: path.join(dataDir, "launchpad"),
      log,
    });
    const [account] = stack.accounts;
    if (!account || !stack.webUrl) throw new Error("The local stack started without accounts or web app.");
    await stakeOnChain(stack, account);

    const context = await browser.newContext({
      baseURL: stack.webUrl,
      viewport: VIEWPORT,
      locale: "en-US",
      timezoneId: "UTC",
    });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    await page.goto("/");
    await connectButton(page).click();
    await pressInDialog(walletOption(page, "Local test wallet"));
    await accountButton(page, account).waitFor();
    // The account's figures (Stake is enabled once they are in), the chart and the activity list.
    const myStake = page.getByRole("region", { name: "My Stake" });
    await myStake.getByRole("button", { name: "Stake", exact: true }).and(page.locator(":enabled")).waitFor();
    await page.getByRole("group", { name: /^POO price over the last/ }).waitFor();
    await page.getByTestId("activity").getByRole("listitem").first().waitFor();
    mkdirSync(OUT_DIR, { recursive: true });
    await save(page, "stake-page.png");

    await page.getByRole("link", { name: "Launch", exact: true }).first().click();
    await page.getByRole("article").first().waitFor();
    await save(page, "launch-page.png");
    await context.close();
  } finally {
    await browser.close();
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("[screenshots] failed:", error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
