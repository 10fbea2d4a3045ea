import { parseEther } from "viem";
import { expect, FAST_BLOCK_TIME_MS, SEPOLIA_BLOCK_TIME_MS, test } from "../fixtures/sepolia";
import {
  approveFromTest,
  errorDialog,
  explorerLink,
  pooAmount,
  readChainFigures,
  storedTransactions,
  submitStake,
  successDialog,
  waitForFiguresLoaded,
} from "../support/stakePage";

const EXPLORER = "https://sepolia.etherscan.io";
const SEPOLIA = 11155111;

// The cancel runs on Sepolia's 12-second blocks: the user cancels while the stake waits for its block.
// The others hold blocks back (setBlockTime(0)) while the wallet or the tab acts, then mine every second:
// what they test is the outcome, not the timing.
test.describe("Sepolia mode: transactions the wallet replaced, and a reload mid-flow", () => {
  test.beforeEach(async ({ page, wallet, stack, chain }) => {
    await wallet.switchAccount(1);
    await approveFromTest(chain, stack, stack.accounts[1]!, parseEther("1000"));
    await page.goto("/");
  });

  test.describe("with 12-second blocks", () => {
    test.use({ blockTimeMs: SEPOLIA_BLOCK_TIME_MS });

    test("a stake cancelled in the wallet while pending is reported as cancelled, never as success", async ({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
    }) => {
      const account = await connectWallet(page);
      await waitForFiguresLoaded(page);
      await chain.setBlockTime(0); // the user cancels before the next block
      await submitStake(page, "150");
      const stake = await wallet.confirmTransaction();
      const cancel = await wallet.controller.replaceTransaction(stake.hash, "cancel");
      await chain.setBlockTime(SEPOLIA_BLOCK_TIME_MS);

      const error = errorDialog(page);
      await expect(error).toContainText("Your stake was cancelled in your wallet. Nothing was staked.", {
        timeout: 30_000,
      });
      await expect(explorerLink(error)).toHaveAttribute("href", `${EXPLORER}/tx/${cancel}`);
      expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(0n);
      await expect
        .poll(() => storedTransactions(page, SEPOLIA, account))
        .toMatchObject([
          { hash: cancel, replacedHash: stake.hash, status: "cancelled", description: "Stake 150 POO" },
        ]);
      // Never a success, checked once the record is settled for good (cancelled: nothing reads it again).
      await expect(successDialog(page)).toHaveCount(0);
      await expect(error).toBeVisible();
    });
  });

  test("a stake sped up in the wallet is followed to its new hash: Success links the transaction that was mined", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    await chain.setBlockTime(0);
    await submitStake(page, "150");
    const stake = await wallet.confirmTransaction();
    const faster = await wallet.controller.replaceTransaction(stake.hash, "speed-up");
    await chain.setBlockTime(FAST_BLOCK_TIME_MS);

    const success = successDialog(page);
    await expect(success).toContainText("Stake successful", { timeout: 30_000 });
    await expect(explorerLink(success)).toHaveAttribute("href", `${EXPLORER}/tx/${faster}`);
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(parseEther("150"));
    expect(await storedTransactions(page, SEPOLIA, account)).toMatchObject([
      { hash: faster, replacedHash: stake.hash, status: "confirmed" },
    ]);
  });

  test("a reload while the stake is pending: the record is settled from its receipt after the reload", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    await chain.setBlockTime(0);
    await submitStake(page, "150");
    const stake = await wallet.confirmTransaction();
    await expect
      .poll(async () => (await storedTransactions(page, SEPOLIA, account))[0]?.nonce)
      .toBeGreaterThanOrEqual(0);
    expect((await storedTransactions(page, SEPOLIA, account))[0]).toMatchObject({
      hash: stake.hash,
      status: "pending",
    });

    await page.reload();
    await chain.setBlockTime(FAST_BLOCK_TIME_MS);
    await expect
      .poll(async () => (await storedTransactions(page, SEPOLIA, account))[0]?.status, { timeout: 40_000 })
      .toBe("confirmed");
    await expect(pooAmount(page, "Staked")).toHaveText("150 POO", { timeout: 30_000 });
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(parseEther("150"));
  });

  test("a reload, then the pending stake cancelled while the page was away: settled as cancelled from the chain, not pending forever", async ({
    page,
    wallet,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    await chain.setBlockTime(0);
    await submitStake(page, "150");
    const stake = await wallet.confirmTransaction();
    await expect
      .poll(async () => (await storedTransactions(page, SEPOLIA, account))[0]?.nonce)
      .toBeGreaterThanOrEqual(0);
    await page.goto("about:blank"); // the tab is away
    const cancel = await wallet.controller.replaceTransaction(stake.hash, "cancel");
    await chain.mine();
    await chain.setBlockTime(FAST_BLOCK_TIME_MS);

    // Back on the page: the node no longer knows the stake, its nonce is used; the settling finds the
    // cancel in the sender's nonce slot.
    await page.goto("/");
    await expect
      .poll(async () => (await storedTransactions(page, SEPOLIA, account))[0], { timeout: 40_000 })
      .toMatchObject({ status: "cancelled", hash: cancel, replacedHash: stake.hash });
  });
});
