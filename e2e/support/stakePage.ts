import { expect, type Locator, type Page } from "@playwright/test";
import { createWalletClient, formatUnits, http, type Address, type Hash } from "viem";
import { crapTokenAbi, pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated";
import type { ChainClients } from "./chainClients";
import type { E2eStack } from "./e2eStack";

/** The stake page's figures and controls, by the accessible names the UI gives them. */
export function figure(page: Page, name: "Your Rewards" | "CRAP balance" | "Staked" | "Available"): Locator {
  return page.getByRole("group", { name, exact: true });
}

/** The figure's value text (the span the panel marks with data-figure-value). */
export function figureValue(page: Page, name: Parameters<typeof figure>[1]): Locator {
  return figure(page, name).locator("[data-figure-value]");
}

export function myStakePanel(page: Page): Locator {
  return page.getByRole("region", { name: "My Stake" });
}

export function stakeButton(page: Page): Locator {
  return myStakePanel(page).getByRole("button", { name: "Stake", exact: true });
}

export function unstakeButton(page: Page): Locator {
  return myStakePanel(page).getByRole("button", { name: "Unstake", exact: true });
}

export function stakeDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Stake", exact: true });
}

export function quantityInput(page: Page): Locator {
  return stakeDialog(page).getByLabel("Quantity of $POO you would like to stake");
}

export function enterButton(page: Page): Locator {
  return stakeDialog(page).getByRole("button", { name: "Enter", exact: true });
}

export function successDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Success", exact: true });
}

/** The Error result is an alertdialog. */
export function errorDialog(page: Page): Locator {
  return page.getByRole("alertdialog", { name: "Error", exact: true });
}

/** Waits until the panel has the account's figures (Stake is enabled once they loaded). */
export async function waitForFiguresLoaded(page: Page): Promise<void> {
  await expect(stakeButton(page)).toBeEnabled({ timeout: 15_000 });
}

/** Opens the Stake dialog, types `quantity` and presses Enter (the button). */
export async function submitStake(page: Page, quantity: string): Promise<void> {
  await stakeButton(page).click();
  await expect(stakeDialog(page)).toBeVisible();
  await quantityInput(page).fill(quantity);
  await enterButton(page).click();
}

export interface ChainFigures {
  stakedAmount: bigint;
  pooBalance: bigint;
  crapBalance: bigint;
  rewards: bigint;
  allowance: bigint;
}

/** The account's figures as the contracts answer them now. */
export async function readChainFigures(
  chain: ChainClients,
  stack: Pick<E2eStack, "contracts">,
  account: Address,
): Promise<ChainFigures> {
  const { publicClient } = chain;
  const { pooToken, crapToken, staking } = stack.contracts;
  const [stakedAmount, pooBalance, crapBalance, rewards, allowance] = await Promise.all([
    publicClient.readContract({
      address: staking,
      abi: stakingAbi,
      functionName: "stakedAmount",
      args: [account],
    }),
    publicClient.readContract({
      address: pooToken,
      abi: pooTokenAbi,
      functionName: "balanceOf",
      args: [account],
    }),
    publicClient.readContract({
      address: crapToken,
      abi: crapTokenAbi,
      functionName: "balanceOf",
      args: [account],
    }),
    publicClient.readContract({
      address: staking,
      abi: stakingAbi,
      functionName: "rewards",
      args: [account],
    }),
    publicClient.readContract({
      address: pooToken,
      abi: pooTokenAbi,
      functionName: "allowance",
      args: [account, staking],
    }),
  ]);
  return { stakedAmount, pooBalance, crapBalance, rewards, allowance };
}

/**
 * Parses a token figure the panel shows ("1,234.5678", "0", "<0.0001", with or without a unit) to a
 * number of tokens. Throws on anything else, so a broken format fails the test.
 */
export function parseShownAmount(text: string): number {
  const cleaned = text.replace(/\s*(CRAP|POO)\s*$/, "").trim();
  if (cleaned === "0") return 0;
  if (cleaned === "<0.0001") return 0.00005;
  if (!/^\d{1,3}(,\d{3})*\.\d{4}$/.test(cleaned)) throw new Error(`not a 4-decimal token figure: "${text}"`);
  return Number(cleaned.replace(/,/g, ""));
}

/** Tokens (18 decimals) as a JS number, for tolerance comparisons. */
export function tokens(value: bigint): number {
  return Number(formatUnits(value, 18));
}

/**
 * Approves `amount` POO to the staking contract from `owner` without the app: the local Hardhat node
 * holds its accounts unlocked, so a plain JSON-RPC wallet client can send for them.
 */
export async function approveFromTest(
  chain: ChainClients,
  stack: Pick<E2eStack, "contracts" | "chainUrl">,
  owner: Address,
  amount: bigint,
): Promise<void> {
  const walletClient = createWalletClient({
    chain: chain.publicClient.chain,
    transport: http(stack.chainUrl, { retryCount: 0 }),
  });
  const hash = await walletClient.writeContract({
    account: owner,
    chain: chain.publicClient.chain,
    address: stack.contracts.pooToken,
    abi: pooTokenAbi,
    functionName: "approve",
    args: [stack.contracts.staking, amount],
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== "success") throw new Error(`approve from the test reverted (${hash})`);
}

/**
 * Stakes `amount` POO for `owner` without the app (approve + stake, through the unlocked account);
 * returns the stake's transaction hash.
 */
export async function stakeFromTest(
  chain: ChainClients,
  stack: Pick<E2eStack, "contracts" | "chainUrl">,
  owner: Address,
  amount: bigint,
): Promise<`0x${string}`> {
  await approveFromTest(chain, stack, owner, amount);
  const walletClient = createWalletClient({
    chain: chain.publicClient.chain,
    transport: http(stack.chainUrl, { retryCount: 0 }),
  });
  const hash = await walletClient.writeContract({
    account: owner,
    chain: chain.publicClient.chain,
    address: stack.contracts.staking,
    abi: stakingAbi,
    functionName: "stake",
    args: [amount],
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== "success") throw new Error(`stake from the test reverted (${hash})`);
  return hash;
}

/** The compact POO amount of the Staked or Available figure ("150 POO", "999.85k POO"); its title is exact. */
export function pooAmount(page: Page, name: "Staked" | "Available"): Locator {
  return figureValue(page, name).locator('[title$=" POO"]');
}

/** A transaction record as the app keeps it in browser storage (src/domain/transactionRecord.ts). */
export interface StoredTransaction {
  hash: string;
  description: string;
  status: "pending" | "confirmed" | "failed" | "cancelled" | "replaced";
  nonce?: number;
  replacedHash?: string;
}

/** The app's transaction records for an account and chain, newest first, read from the page's storage. */
export async function storedTransactions(
  page: Page,
  chainId: number,
  account: string,
): Promise<StoredTransaction[]> {
  const key = `poo-finance:transactions:${chainId}:${account.toLowerCase()}`;
  const raw = await page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);
  return raw === null ? [] : (JSON.parse(raw) as StoredTransaction[]);
}

/** The processing overlay shown while a transaction flow runs. */
export function processingOverlay(page: Page): Locator {
  return page.getByRole("dialog", { name: "Processing", exact: true });
}

/** The "here" link of a dialog (Success, Error or the processing overlay) to the transaction's explorer page. */
export function explorerLink(dialog: Locator): Locator {
  return dialog.getByRole("link", { name: "here", exact: true });
}

/**
 * The hash of the transaction `from` mined with `nonce`, read from the chain (the latest blocks, newest
 * first): what a link to "the mined transaction" must point at, whatever the page or the wallet says.
 */
export async function minedTransactionHash(
  chain: ChainClients,
  from: Address,
  nonce: number,
  { blocks = 20 }: { blocks?: number } = {},
): Promise<Hash> {
  const latest = await chain.publicClient.getBlockNumber();
  for (let n = latest; n >= 0n && n > latest - BigInt(blocks); n--) {
    const block = await chain.publicClient.getBlock({ blockNumber: n, includeTransactions: true });
    const mined = block.transactions.find(
      (t) => t.from.toLowerCase() === from.toLowerCase() && t.nonce === nonce,
    );
    if (mined) return mined.hash;
  }
  throw new Error(`No transaction from ${from} with nonce ${nonce} in the last ${blocks} blocks`);
}

/**
 * The dialog's "here" opens the stack's local explorer on the transaction `from` mined with `nonce`
 * (a new tab); the mined hash, read from the chain.
 */
export async function expectLocalExplorerLink(
  dialog: Locator,
  stack: E2eStack,
  chain: ChainClients,
  from: Address,
  nonce: number,
): Promise<Hash> {
  if (!stack.explorerUrl) throw new Error("This stack has no local explorer (the Sepolia look-alike?)");
  const hash = await minedTransactionHash(chain, from, nonce);
  await expect(explorerLink(dialog)).toHaveAttribute("href", `${stack.explorerUrl}/tx/${hash}`);
  await expect(explorerLink(dialog)).toHaveAttribute("target", "_blank");
  return hash;
}

/**
 * How the app writes a lock's end (`msSinceEpoch`) in the page's locale: rounded up to the minute (the
 * UI never shows a time too early), e.g. "Nov 25, 2026, 04:13 AM". Formatted in the page, with its
 * locale and time zone.
 */
export async function shownUnlockTime(page: Page, msSinceEpoch: number): Promise<string> {
  return page.evaluate((ms) => {
    const shown = new Date(Math.ceil(ms / 60_000) * 60_000);
    return new Intl.DateTimeFormat(undefined, {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }).format(shown);
  }, msSinceEpoch);
}
