import {
  decodeErrorResult,
  encodeFunctionData,
  numberToHex,
  parseGwei,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated";
import { batchExecutorAbi } from "./batchExecutor.generated";
import { BATCH_EXECUTOR_ADDRESS, DELEGATED_CODE } from "./ensureBatchExecutor";
import { InjectedTestWalletDriver } from "./InjectedTestWalletDriver";
import {
  asCallsReceipt,
  connectAccount1,
  expect,
  sendCallsParams,
  test,
  type CallsReceipt,
  type CallsStatus,
  type Pool,
} from "./testing/batchingFixtures";
import { WalletTestPage } from "./testing/WalletTestPage";
import { startLocalChain, type LocalChain } from "../support/startLocalChain";

type RpcReceipt = CallsReceipt & Record<string, unknown>;

/** Runs `body` with automine off (transactions wait in the mempool until `evm_mine`), then turns it back on. */
async function withBlocksHeld<T>(chain: LocalChain, body: () => Promise<T>): Promise<T> {
  await chain.rpc("evm_setAutomine", [false]);
  try {
    return await body();
  } finally {
    await chain.rpc("evm_setAutomine", [true]);
  }
}

async function statusOf(walletPage: WalletTestPage, id: string): Promise<CallsStatus> {
  return walletPage.call<CallsStatus>("wallet_getCallsStatus", [id]);
}

async function allowanceAndStake(pool: Pool, account: Address): Promise<[bigint, bigint]> {
  return Promise.all([
    pool.publicClient.readContract({
      address: pool.pooToken,
      abi: pooTokenAbi,
      functionName: "allowance",
      args: [account, pool.staking],
    }),
    pool.publicClient.readContract({
      address: pool.staking,
      abi: stakingAbi,
      functionName: "stakedAmount",
      args: [account],
    }),
  ]);
}

async function sendBatch(
  walletPage: WalletTestPage,
  wallet: InjectedTestWalletDriver,
  pool: Pool,
  account: Address,
) {
  const { id } = await walletPage.call<{ id: string }>("wallet_sendCalls", pool.stakeParams(account));
  const batch = await wallet.confirmCalls();
  expect(batch.id).toBe(id);
  return { id, hash: batch.transactionHashes[0]! };
}

test.describe("EIP-5792 batches on chain: reverts, speed-up, cancel", () => {
  test("a call that reverts on chain: status 500 with the node's receipt, nothing changed, the reason replayable", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const { id, hash, receipt } = await withBlocksHeld(chain, async () => {
      const sent = await sendBatch(walletPage, wallet, pool, account);
      expect(await statusOf(walletPage, sent.id)).toEqual({
        version: "2.0.0",
        id: sent.id,
        chainId: "0x7a69",
        status: 100,
        atomic: true,
      });
      // The owner pauses the pool with a higher tip: mined first in the same block, it makes stake fail.
      await chain.rpc("eth_sendTransaction", [
        {
          from: pool.owner,
          to: pool.staking,
          data: encodeFunctionData({ abi: stakingAbi, functionName: "pause" }),
          maxPriorityFeePerGas: numberToHex(parseGwei("50")),
          maxFeePerGas: numberToHex(parseGwei("100")),
        },
      ]);
      await chain.rpc("evm_mine");
      return { ...sent, receipt: await chain.rpc<RpcReceipt>("eth_getTransactionReceipt", [sent.hash]) };
    });

    expect(receipt.status).toBe("0x0");
    expect(await statusOf(walletPage, id)).toEqual({
      version: "2.0.0",
      id,
      chainId: "0x7a69",
      status: 500,
      atomic: true,
      receipts: [asCallsReceipt(receipt)],
    });
    expect(await allowanceAndStake(pool, account)).toEqual([0n, 0n]);
    // EIP-7702 applies the authorization even when the call reverts: the account is delegated.
    expect(await chain.rpc("eth_getCode", [account, "latest"])).toBe(DELEGATED_CODE);

    // Replayed at its block through the wallet (as an app does), the revert says which call failed and why.
    const { input } = await chain.rpc<{ input: Hex }>("eth_getTransactionByHash", [hash]);
    const replay = await walletPage.callExpectingError("eth_call", [
      { from: account, to: account, data: input },
      receipt.blockNumber,
    ]);
    const outer = decodeErrorResult({ abi: batchExecutorAbi, data: replay.data as Hex });
    expect(outer.errorName).toBe("CallFailed");
    const [index, reason] = outer.args as readonly [bigint, Hex];
    expect(index).toBe(1n);
    expect(decodeErrorResult({ abi: stakingAbi, data: reason }).errorName).toBe("EnforcedPause");
  });

  test("speed-up: the batch follows the replacement, with its receipt and its delegation", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const { id, hash, faster } = await withBlocksHeld(chain, async () => {
      const sent = await sendBatch(walletPage, wallet, pool, account);
      const replacement = await wallet.controller.replaceTransaction(sent.hash, "speed-up");
      expect(wallet.controller.callBatches()[0]!.transactionHashes).toEqual([replacement]);
      expect((await statusOf(walletPage, sent.id)).status).toBe(100);
      await chain.rpc("evm_mine");
      return { ...sent, faster: replacement };
    });

    const receipt = await chain.rpc<RpcReceipt>("eth_getTransactionReceipt", [faster]);
    expect(receipt).toMatchObject({ status: "0x1", type: "0x4" });
    expect(await chain.rpc("eth_getTransactionReceipt", [hash])).toBeNull();
    expect(await statusOf(walletPage, id)).toMatchObject({
      status: 200,
      receipts: [asCallsReceipt(receipt)],
    });
    expect(await allowanceAndStake(pool, account)).toEqual([0n, pool.minStake]);
    expect(await chain.rpc("eth_getCode", [account, "latest"])).toBe(DELEGATED_CODE);
    expect((await wallet.sentTransactions()).at(-1)).toMatchObject({
      hash: faster,
      replaces: { hash, how: "speed-up" },
      batchId: id,
      delegatesTo: BATCH_EXECUTOR_ADDRESS,
    });
  });

  test("cancel: never a success: 100 while the cancel waits, then 400 without receipts; nothing ran", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const nonceBefore = Number(await chain.rpc<Hex>("eth_getTransactionCount", [account, "latest"]));
    const { id, cancel } = await withBlocksHeld(chain, async () => {
      const sent = await sendBatch(walletPage, wallet, pool, account);
      const cancelHash = await wallet.controller.replaceTransaction(sent.hash, "cancel");
      expect((await statusOf(walletPage, sent.id)).status).toBe(100);
      await chain.rpc("evm_mine");
      return { ...sent, cancel: cancelHash };
    });

    expect(await chain.rpc<RpcReceipt>("eth_getTransactionReceipt", [cancel])).toMatchObject({
      status: "0x1",
    });
    expect(await statusOf(walletPage, id)).toEqual({
      version: "2.0.0",
      id,
      chainId: "0x7a69",
      status: 400,
      atomic: true,
      receipts: [],
    });
    expect(await allowanceAndStake(pool, account)).toEqual([0n, 0n]);
    // The delegation went with the cancelled transaction; the cancel used one nonce.
    expect(await chain.rpc("eth_getCode", [account, "latest"])).toBe("0x");
    expect(Number(await chain.rpc<Hex>("eth_getTransactionCount", [account, "latest"]))).toBe(
      nonceBefore + 1,
    );
  });

  test("cancel from a delegated account: the cancel runs the account's code and still succeeds", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    await sendBatch(walletPage, wallet, pool, account); // delegates, stakes once
    expect(await chain.rpc("eth_getCode", [account, "latest"])).toBe(DELEGATED_CODE);

    const { id, cancel } = await withBlocksHeld(chain, async () => {
      const sent: { id: string; hash: Hash } = await sendBatch(walletPage, wallet, pool, account);
      const cancelHash = await wallet.controller.replaceTransaction(sent.hash, "cancel");
      await chain.rpc("evm_mine");
      return { ...sent, cancel: cancelHash };
    });

    const receipt = await chain.rpc<RpcReceipt>("eth_getTransactionReceipt", [cancel]);
    expect(receipt).toMatchObject({ status: "0x1", to: account.toLowerCase() });
    expect(BigInt(receipt.gasUsed as Hex)).toBeGreaterThan(21_000n);
    expect(await statusOf(walletPage, id)).toMatchObject({ status: 400, receipts: [] });
    expect(await allowanceAndStake(pool, account)).toEqual([0n, pool.minStake]);
  });
});

/** The owner pauses the pool with a higher tip: with blocks held, it is mined first in the next block. */
async function pauseAhead(chain: LocalChain, pool: Pool): Promise<void> {
  await chain.rpc("eth_sendTransaction", [
    {
      from: pool.owner,
      to: pool.staking,
      data: encodeFunctionData({ abi: stakingAbi, functionName: "pause" }),
      maxPriorityFeePerGas: numberToHex(parseGwei("50")),
      maxFeePerGas: numberToHex(parseGwei("100")),
    },
  ]);
}

test.describe("bundles: a batch as one transaction per call, mined in one block", () => {
  test("announced as atomic; two transactions in one block (automine held, then given back); 200 with a receipt each", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "bundle");
    expect(await walletPage.call("wallet_getCapabilities", [account, ["0x7a69"]])).toEqual({
      "0x7a69": { atomic: { status: "supported" } },
    });
    const { id } = await walletPage.call<{ id: string }>("wallet_sendCalls", pool.stakeParams(account));
    const batch = await wallet.confirmCalls();
    expect(batch).toMatchObject({ id, atomicRequired: true, atomic: false, upgraded: false });
    expect(batch.transactionHashes).toHaveLength(2);

    const receipts = await Promise.all(
      batch.transactionHashes.map((hash) => chain.rpc<RpcReceipt>("eth_getTransactionReceipt", [hash])),
    );
    expect(receipts.map((receipt) => receipt.status)).toEqual(["0x1", "0x1"]);
    expect(receipts[1]!.blockNumber).toBe(receipts[0]!.blockNumber);
    // Plain transactions from the account, nonces in a row: no delegation, no executor.
    const sent = await wallet.sentTransactions();
    expect(sent.map((tx) => [tx.to, tx.nonce - sent[0]!.nonce, tx.batchId])).toEqual([
      [pool.pooToken, 0, id],
      [pool.staking, 1, id],
    ]);
    expect(await chain.rpc("eth_getCode", [account, "latest"])).toBe("0x");
    expect(await chain.rpc("hardhat_getAutomine")).toBe(true);

    expect(await statusOf(walletPage, id)).toEqual({
      version: "2.0.0",
      id,
      chainId: "0x7a69",
      status: 200,
      atomic: false,
      receipts: receipts.map(asCallsReceipt),
    });
    expect(await allowanceAndStake(pool, account)).toEqual([0n, pool.minStake]);
  });

  test("the stake reverts after the approval (the pool paused ahead in the block): 600 with both receipts, or 500 when set", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "bundle");
    const { id, hashes } = await withBlocksHeld(chain, async () => {
      const { id: sentId } = await walletPage.call<{ id: string }>(
        "wallet_sendCalls",
        pool.stakeParams(account),
      );
      const batch = await wallet.confirmCalls();
      expect((await statusOf(walletPage, sentId)).status).toBe(100);
      await pauseAhead(chain, pool);
      await chain.rpc("evm_mine");
      return { id: sentId, hashes: batch.transactionHashes };
    });

    const [approval, stake] = await Promise.all(
      hashes.map((hash) => chain.rpc<RpcReceipt>("eth_getTransactionReceipt", [hash])),
    );
    expect([approval!.status, stake!.status]).toEqual(["0x1", "0x0"]);
    expect(stake!.blockNumber).toBe(approval!.blockNumber);
    const partial = { version: "2.0.0", id, chainId: "0x7a69", atomic: false };
    const receipts = [asCallsReceipt(approval!), asCallsReceipt(stake!)];
    expect(await statusOf(walletPage, id)).toEqual({ ...partial, status: 600, receipts });
    // Not atomic: the approval stays, nothing was staked.
    expect(await allowanceAndStake(pool, account)).toEqual([pool.minStake, 0n]);

    wallet.controller.setPartialStatus(500);
    expect(await statusOf(walletPage, id)).toEqual({ ...partial, status: 500, receipts });
  });
});

test("on the Sepolia look-alike (chain 11155111, a block every second): pending, then confirmed", async ({
  browser,
}) => {
  // The chain the `sepolia` project's stack runs (hardhat.config.ts's sepoliaSimulated), on a free port.
  const chain = await startLocalChain({ port: 0, network: "sepoliaSimulated" });
  const context = await browser.newContext();
  try {
    expect(chain.chainId).toBe(11_155_111);
    const wallet = new InjectedTestWalletDriver({
      rpcUrl: chain.rpcUrl,
      nodeChainId: chain.chainId,
      batching: "supported",
    });
    await wallet.install(context);
    const walletPage = await WalletTestPage.open(await context.newPage());
    const [account] = await walletPage.call<Address[]>("eth_requestAccounts");
    expect(await walletPage.call("wallet_getCapabilities", [account, ["0xaa36a7"]])).toEqual({
      "0xaa36a7": { atomic: { status: "supported" } },
    });
    await chain.rpc("evm_setAutomine", [false]);
    await chain.rpc("evm_setIntervalMining", [1_000]);

    const recipients: Address[] = [
      "0x000000000000000000000000000000000000bEEF",
      "0x000000000000000000000000000000000000cafE",
    ];
    const { id } = await walletPage.call<{ id: string }>(
      "wallet_sendCalls",
      sendCallsParams(
        account!,
        recipients.map((to, i) => ({ to, value: numberToHex(i + 1) })),
        {
          chainId: "0xaa36a7",
        },
      ),
    );
    expect((await statusOf(walletPage, id)).status).toBe(100);
    await expect.poll(async () => (await statusOf(walletPage, id)).status, { timeout: 10_000 }).toBe(200);
    const [hash] = (await wallet.confirmCalls()).transactionHashes;
    expect(await chain.rpc("eth_getTransactionReceipt", [hash])).toMatchObject({
      status: "0x1",
      type: "0x4",
    });
    for (const [i, to] of recipients.entries())
      expect(BigInt(await chain.rpc<Hex>("eth_getBalance", [to, "latest"]))).toBe(BigInt(i + 1));
  } finally {
    await context.close();
    await chain.close();
  }
});
