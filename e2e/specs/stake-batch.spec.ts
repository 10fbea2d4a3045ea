import { decodeEventLog, decodeFunctionData, parseEther, parseEventLogs } from "viem";
import { pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated";
import { expect, test } from "../fixtures/app";
import { gasBeforeRefunds } from "../support/gasBeforeRefunds";
import { pausePoolAhead } from "../support/pausePoolAhead";
import { stakeWithApprovalFlow } from "../support/stakeFlows";
import {
  enterButton,
  errorDialog,
  explorerLink,
  pooAmount,
  processingOverlay,
  quantityInput,
  readChainFigures,
  stakeButton,
  stakeDialog,
  storedTransactions,
  submitStake,
  successDialog,
  waitForFiguresLoaded,
} from "../support/stakePage";

const STAKE = parseEther("150");
const LOCAL = 31337;

/** The method names the app asked the wallet for, in order. */
function walletMethods(wallet: { controller: { requests(): readonly { method: string }[] } }): string[] {
  return wallet.controller.requests().map((request) => request.method);
}

test.describe("stake with approval in one confirmation where the wallet can batch (EIP-5792)", () => {
  test.beforeEach(async ({ page, wallet }) => {
    // Account 0 owns the pool (it pauses it in some tests); the user is account 1 (1,000,000 POO).
    await wallet.switchAccount(1);
    await page.goto("/");
  });

  test("atomic supported: one confirmation, one transaction, approve then stake in its logs", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    wallet.controller.setBatching("supported");
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);

    await stakeButton(page).click();
    await quantityInput(page).fill("150");
    // The fee is quoted for what Enter sends: both calls in one transaction.
    const feeLine = /Network fee: about ([\d.]+) ETH for the approval and the stake in one transaction\./;
    await expect(stakeDialog(page)).toContainText(feeLine);
    const shownFee = parseEther(feeLine.exec((await stakeDialog(page).textContent()) ?? "")![1]!);
    // The price the quote used: the latest block's base fee and the node's tip (no block is mined
    // before Enter sends the batch).
    const [quotedAt, tip] = await Promise.all([
      chain.publicClient.getBlock(),
      chain.publicClient.estimateMaxPriorityFeePerGas(),
    ]);
    await enterButton(page).click();
    const batch = await wallet.confirmCalls();
    const success = successDialog(page);
    await expect(success).toContainText("Stake successful", { timeout: 15_000 });

    // One wallet request for both calls, atomic required: approve(staking, 150) then stake(150).
    expect(batch).toMatchObject({ from: account, chainId: LOCAL, atomicRequired: true, atomic: true });
    expect(batch.calls.map((call) => [call.to.toLowerCase(), call.value])).toEqual([
      [stack.contracts.pooToken.toLowerCase(), 0n],
      [stack.contracts.staking.toLowerCase(), 0n],
    ]);
    expect(decodeFunctionData({ abi: pooTokenAbi, data: batch.calls[0]!.data! })).toEqual({
      functionName: "approve",
      args: [stack.contracts.staking, STAKE],
    });
    expect(decodeFunctionData({ abi: stakingAbi, data: batch.calls[1]!.data! })).toEqual({
      functionName: "stake",
      args: [STAKE],
    });
    expect(walletMethods(wallet).filter((m) => m === "wallet_sendCalls")).toHaveLength(1);
    expect(walletMethods(wallet)).not.toContain("eth_sendTransaction");

    // One transaction on chain, and it is the one Success links to.
    const sent = await wallet.sentTransactions();
    expect(sent).toHaveLength(1);
    expect(batch.transactionHashes).toEqual([sent[0]!.hash]);
    const hash = sent[0]!.hash;
    await expect(explorerLink(success)).toHaveAttribute("href", `${stack.explorerUrl}/tx/${hash}`);

    // Its logs: the approval of exactly 150 to the pool, then the pool taking the 150.
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    // The fee shown before Enter against the gas this batch used before its refunds (what its gas limit
    // had to cover): never below, at most 10,000 gas above (as test/integration/feeAndReplay.ts states),
    // and 1% for the shown figure's three digits rounded up.
    expect(receipt.blockNumber).toBe(quotedAt.number + 1n);
    const price = quotedAt.baseFeePerGas! + tip;
    const used = await gasBeforeRefunds(chain.publicClient, hash);
    expect(shownFee).toBeGreaterThanOrEqual(used * price);
    expect(shownFee).toBeLessThanOrEqual(((used + 10_000n) * price * 101n) / 100n);
    const events = parseEventLogs({ abi: pooTokenAbi, logs: receipt.logs }).filter(
      (log) => log.address.toLowerCase() === stack.contracts.pooToken.toLowerCase(),
    );
    const approval = events.findIndex(
      (log) =>
        log.eventName === "Approval" &&
        log.args.owner === account &&
        log.args.spender === stack.contracts.staking,
    );
    const transfer = events.findIndex(
      (log) =>
        log.eventName === "Transfer" &&
        log.args.from === account &&
        log.args.to === stack.contracts.staking &&
        log.args.value === STAKE,
    );
    expect(approval).toBeGreaterThanOrEqual(0);
    expect(transfer).toBeGreaterThan(approval);
    const approvedAmount = decodeEventLog({
      abi: pooTokenAbi,
      data: events[approval]!.data,
      topics: events[approval]!.topics,
    }).args as { value: bigint };
    expect(approvedAmount.value).toBe(STAKE);

    const onChain = await readChainFigures(chain, stack, account);
    expect(onChain.stakedAmount).toBe(STAKE);
    expect(onChain.allowance).toBe(0n);
    // The batch's record is kept like any other: under the transaction that holds it, confirmed.
    await expect
      .poll(async () => (await storedTransactions(page, LOCAL, account))[0])
      .toMatchObject({
        hash,
        batchId: batch.id,
        status: "confirmed",
        description: "Approve and stake 150 POO",
      });
  });

  test("capability off: the approval and the stake as two transactions, as today", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    expect(wallet.controller.batching).toBe("off");
    await stakeWithApprovalFlow({ page, wallet, stack, chain, connectWallet });
    // The wallet was asked what it can batch, answered nothing, and no batch was sent.
    expect(walletMethods(wallet)).toContain("wallet_getCapabilities");
    expect(walletMethods(wallet)).not.toContain("wallet_sendCalls");
  });

  test("a batch rejected in the wallet: the Error result, nothing sent", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    wallet.controller.setBatching("supported");
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const nonce = await chain.minedNonce(account);

    await wallet.rejectNext("wallet_sendCalls");
    await submitStake(page, "150");
    const error = errorDialog(page);
    await expect(error).toContainText("You rejected the request in your wallet.", { timeout: 15_000 });

    expect(await wallet.sentTransactions()).toEqual([]);
    expect(await chain.minedNonce(account)).toBe(nonce);
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(0n);
    expect(walletMethods(wallet)).not.toContain("eth_sendTransaction");
  });

  test("a batch whose stake reverts on chain: nothing staked, the call and the reason said, with the link", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    wallet.controller.setBatching("supported");
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);

    // Blocks are held from here: the batch waits in the node's pool while the owner pauses the pool
    // ahead of it (a higher tip), so the app's check and the wallet's estimate both passed.
    await chain.testClient.setAutomine(false);
    try {
      await submitStake(page, "150");
      await wallet.confirmCalls();
      await expect(processingOverlay(page)).toContainText(
        "Waiting for the approval and the stake to be confirmed…",
      );
      await pausePoolAhead(chain, stack);
      await chain.mine();
    } finally {
      await chain.testClient.setAutomine(true);
    }

    const error = errorDialog(page);
    await expect(error).toContainText("The stake failed on chain: the pool is paused.", { timeout: 15_000 });
    const [sent] = await wallet.sentTransactions();
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: sent!.hash });
    expect(receipt.status).toBe("reverted");
    await expect(explorerLink(error)).toHaveAttribute("href", `${stack.explorerUrl}/tx/${sent!.hash}`);

    // All or nothing: no allowance was left behind either.
    const onChain = await readChainFigures(chain, stack, account);
    expect(onChain.stakedAmount).toBe(0n);
    expect(onChain.allowance).toBe(0n);
    await expect
      .poll(async () => (await storedTransactions(page, LOCAL, account))[0])
      .toMatchObject({ hash: sent!.hash, status: "failed" });
  });

  test("atomic ready, upgrade declined: said before Enter, then the two transactions, and the overlay says why", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    wallet.controller.setBatching("ready");
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);

    await stakeButton(page).click();
    const dialog = stakeDialog(page);
    await expect(dialog).toContainText(
      "Your wallet will offer to upgrade this account (EIP-7702) so that the approval and the stake need one confirmation. If you decline, they go as two transactions.",
    );
    await quantityInput(page).fill("150");
    await expect(dialog).toContainText(
      /Network fee: about [\d.]+ ETH for the account upgrade, the approval and the stake in one transaction\./,
    );

    wallet.controller.declineNextUpgrade();
    const held = await wallet.holdNext("eth_sendTransaction");
    await enterButton(page).click();
    const overlay = processingOverlay(page);
    await expect(overlay).toContainText(
      "You declined the account upgrade, so the approval and the stake go as two transactions: two confirmations.",
    );
    await expect(overlay).toContainText("Confirm the approval of this quantity in your wallet.");
    await held.approve();
    const approval = await wallet.confirmTransaction();
    const stake = await wallet.confirmTransaction();
    await expect(successDialog(page)).toContainText("Stake successful", { timeout: 15_000 });

    expect(wallet.controller.upgradeRequests()).toEqual([
      expect.objectContaining({ account, chainId: LOCAL, accepted: false }),
    ]);
    expect(wallet.controller.callBatches()).toEqual([]);
    expect((await wallet.sentTransactions()).map((t) => t.hash)).toEqual([approval.hash, stake.hash]);
    expect(decodeFunctionData({ abi: stakingAbi, data: stake.data! })).toEqual({
      functionName: "stake",
      args: [STAKE],
    });
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(STAKE);
  });
});

// A wallet that runs the batch as a bundle (the test wallet's "bundle": announced as atomic, sent
// as one transaction per call mined in one block, a receipt for each, `atomic: false` in its status):
// the outcome comes from every receipt, read on the app's RPC, and the wallet's status code.
test.describe("a batch the wallet sends as a bundle (EIP-5792 receipts per transaction)", () => {
  test.beforeEach(async ({ page, wallet }) => {
    await wallet.switchAccount(1);
    wallet.controller.setBatching("bundle");
    await page.goto("/");
  });

  test("two receipts, status 200: Stake successful, the figures, linked to the stake's transaction", async ({
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
    const success = successDialog(page);
    await expect(success).toContainText("Stake successful", { timeout: 15_000 });

    // Two transactions in one block; Success links the one that holds the stake.
    expect(batch).toMatchObject({ atomicRequired: true, atomic: false });
    const [approval, stake] = await Promise.all(
      batch.transactionHashes.map((hash) => chain.publicClient.getTransactionReceipt({ hash })),
    );
    expect([approval!.status, stake!.status]).toEqual(["success", "success"]);
    expect(stake!.blockNumber).toBe(approval!.blockNumber);
    await expect(explorerLink(success)).toHaveAttribute(
      "href",
      `${stack.explorerUrl}/tx/${stake!.transactionHash}`,
    );
    await expect(pooAmount(page, "Staked")).toHaveText("150 POO");
    await expect(pooAmount(page, "Available")).toHaveText("999.85k POO");
    expect(await readChainFigures(chain, stack, account)).toMatchObject({
      stakedAmount: STAKE,
      allowance: 0n,
    });
    await expect
      .poll(async () => (await storedTransactions(page, LOCAL, account))[0])
      .toMatchObject({ hash: stake!.transactionHash, batchId: batch.id, status: "confirmed" });
  });

  test("the stake reverts after the approval (pool paused ahead), status 500: the replayed reason and the approval that stays, never 'replaced'", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    // The wallet of the issue: it calls the whole bundle reverted (500) though its approval was mined.
    wallet.controller.setPartialStatus(500);
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    await chain.testClient.setAutomine(false);
    let hashes: readonly `0x${string}`[];
    try {
      await submitStake(page, "150");
      hashes = (await wallet.confirmCalls()).transactionHashes;
      await expect(processingOverlay(page)).toContainText(
        "Waiting for the approval and the stake to be confirmed…",
      );
      await pausePoolAhead(chain, stack);
      await chain.mine();
    } finally {
      await chain.testClient.setAutomine(true);
    }

    const error = errorDialog(page);
    await expect(error).toContainText(
      "Approved but not staked. The stake failed on chain: the pool is paused. Your approval of 150 POO stays: stake again to use it, or revoke it in your wallet.",
      { timeout: 15_000 },
    );
    await expect(error).not.toContainText("replaced");
    const [approval, stake] = await Promise.all(
      hashes.map((hash) => chain.publicClient.getTransactionReceipt({ hash })),
    );
    expect([approval!.status, stake!.status]).toEqual(["success", "reverted"]);
    await expect(explorerLink(error)).toHaveAttribute(
      "href",
      `${stack.explorerUrl}/tx/${stake!.transactionHash}`,
    );
    // What the message says is what the chain holds: the approval, no stake.
    expect(await readChainFigures(chain, stack, account)).toMatchObject({
      stakedAmount: 0n,
      allowance: STAKE,
    });
    await expect
      .poll(async () => (await storedTransactions(page, LOCAL, account))[0])
      .toMatchObject({ hash: stake!.transactionHash, status: "failed" });
  });

  test("a status that never settles (the bundle never mined): the timeout text after the 5-minute wait, never success", async ({
    page,
    wallet,
    chain,
    connectWallet,
  }) => {
    // The page's clock runs as usual until the wait is armed, then jumps past the wait's limit.
    await page.clock.install();
    await page.reload();
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    await chain.testClient.setAutomine(false);
    try {
      await submitStake(page, "150");
      const batch = await wallet.confirmCalls();
      const statusAsks = (): number =>
        wallet.controller
          .requests()
          .filter((request) => request.method === "wallet_getCallsStatus" && request.outcome === "ok").length;
      await expect.poll(statusAsks).toBeGreaterThan(1);
      await page.clock.fastForward("05:01");

      const error = errorDialog(page);
      await expect(error).toContainText(
        "The request took too long. Check your wallet's activity, then try again.",
        { timeout: 15_000 },
      );
      await expect(successDialog(page)).toHaveCount(0);
      // The wallet still calls it pending; so does the app's record of it.
      expect(batch.transactionHashes).toHaveLength(2);
      await expect
        .poll(async () => (await storedTransactions(page, LOCAL, account))[0])
        .toMatchObject({ batchId: batch.id, status: "pending" });
    } finally {
      await chain.testClient.setAutomine(true);
    }
  });
});
