import { parseEther } from "viem";
import { expect, FAST_BLOCK_TIME_MS, SEPOLIA_BLOCK_TIME_MS, test } from "../fixtures/sepolia";
import { pausePoolAhead } from "../support/pausePoolAhead";
import {
  errorDialog,
  explorerLink,
  pooAmount,
  processingOverlay,
  readChainFigures,
  storedTransactions,
  submitStake,
  successDialog,
  waitForFiguresLoaded,
} from "../support/stakePage";

const EXPLORER = "https://sepolia.etherscan.io";
const SEPOLIA = 11155111;
const STAKE = parseEther("150");

// A wallet that batches atomically (the test wallet's "supported"): the approval and the stake go
// as one EIP-5792 batch, one transaction through EIP-7702, on the Sepolia look-alike.
test.describe("Sepolia mode: the approval and the stake in one batch", () => {
  test.beforeEach(async ({ page, wallet }) => {
    await wallet.switchAccount(1);
    wallet.controller.setBatching("supported");
    await page.goto("/");
  });

  test.describe("with 12-second blocks", () => {
    test.use({ blockTimeMs: SEPOLIA_BLOCK_TIME_MS });

    test("one confirmation, one transaction in one block, Success linked on Sepolia's explorer", async ({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
    }) => {
      const account = await connectWallet(page);
      await waitForFiguresLoaded(page);
      await submitStake(page, "150");
      const batch = await wallet.confirmCalls();
      const overlay = processingOverlay(page);
      await expect(overlay).toContainText("Approving and staking POO…");
      await expect(overlay).toContainText("Waiting for the approval and the stake to be confirmed…");

      const success = successDialog(page);
      await expect(success).toContainText("Stake successful", { timeout: 30_000 });
      const sent = await wallet.sentTransactions();
      expect(sent).toHaveLength(1);
      expect(batch).toMatchObject({ atomic: true, atomicRequired: true, transactionHashes: [sent[0]!.hash] });
      await expect(explorerLink(success)).toHaveAttribute("href", `${EXPLORER}/tx/${sent[0]!.hash}`);
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: sent[0]!.hash });
      expect(receipt.status).toBe("success");
      const onChain = await readChainFigures(chain, stack, account);
      expect(onChain.stakedAmount).toBe(STAKE);
      expect(onChain.allowance).toBe(0n);
      await expect(pooAmount(page, "Staked")).toHaveText("150 POO", { timeout: 30_000 });
    });
  });

  test("a reload while the batch is pending: its record is settled from the wallet's status after the reload", async ({
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
    const batch = await wallet.confirmCalls();
    await expect
      .poll(async () => (await storedTransactions(page, SEPOLIA, account))[0])
      .toMatchObject({ batchId: batch.id, status: "pending", description: "Approve and stake 150 POO" });

    await page.reload();
    await chain.setBlockTime(FAST_BLOCK_TIME_MS);
    await expect
      .poll(async () => (await storedTransactions(page, SEPOLIA, account))[0], { timeout: 40_000 })
      .toMatchObject({ batchId: batch.id, hash: batch.transactionHashes[0], status: "confirmed" });
    await expect(pooAmount(page, "Staked")).toHaveText("150 POO", { timeout: 30_000 });
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(STAKE);
  });

  test("a batch cancelled in the wallet while pending is never reported as success", async ({
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
    const batch = await wallet.confirmCalls();
    await wallet.controller.replaceTransaction(batch.transactionHashes[0]!, "cancel");
    await chain.setBlockTime(FAST_BLOCK_TIME_MS);

    const error = errorDialog(page);
    await expect(error).toContainText(
      "Your wallet did not send the approval and the stake. Nothing was staked.",
      {
        timeout: 30_000,
      },
    );
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(0n);
    await expect
      .poll(async () => (await storedTransactions(page, SEPOLIA, account))[0])
      .toMatchObject({ batchId: batch.id, status: "failed" });
    // Never a success, checked once the app has settled the batch's record for good (failed: nothing
    // reads it again), not right after the error appeared.
    await expect(successDialog(page)).toHaveCount(0);
    await expect(error).toBeVisible();
  });
});

// A wallet that runs the batch as a bundle (one transaction per call, a receipt each) on the
// Sepolia look-alike: interval-mined blocks (the wallet cannot hold them), the reference pool's
// `require` reverts.
test.describe("Sepolia mode: a batch the wallet sends as a bundle", () => {
  test.beforeEach(async ({ page, wallet }) => {
    await wallet.switchAccount(1);
    wallet.controller.setBatching("bundle");
    await page.goto("/");
  });

  test("the stake reverts after the approval (the owner paused the pool ahead), status 600: approved but not staked, in the contract's words", async ({
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
    const batch = await wallet.confirmCalls();
    await expect(processingOverlay(page)).toContainText(
      "Waiting for the approval and the stake to be confirmed…",
    );
    await pausePoolAhead(chain, stack);
    // The next block holds the pause (its higher tip first), then the approval and the stake.
    await chain.setBlockTime(FAST_BLOCK_TIME_MS);

    const error = errorDialog(page);
    await expect(error).toContainText(
      "Approved but not staked. The stake failed on chain: Staking is paused. Your approval of 150 POO stays: stake again to use it, or revoke it in your wallet.",
      { timeout: 30_000 },
    );
    const [approval, stake] = await Promise.all(
      batch.transactionHashes.map((hash) => chain.publicClient.getTransactionReceipt({ hash })),
    );
    expect([approval!.status, stake!.status]).toEqual(["success", "reverted"]);
    expect(stake!.blockNumber).toBe(approval!.blockNumber);
    await expect(explorerLink(error)).toHaveAttribute("href", `${EXPLORER}/tx/${stake!.transactionHash}`);
    expect(await readChainFigures(chain, stack, account)).toMatchObject({
      stakedAmount: 0n,
      allowance: STAKE,
    });
    await expect
      .poll(async () => (await storedTransactions(page, SEPOLIA, account))[0])
      .toMatchObject({ batchId: batch.id, hash: stake!.transactionHash, status: "failed" });
  });
});
