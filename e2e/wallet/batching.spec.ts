import { decodeErrorResult, getAddress, parseEventLogs, type Address, type Hex } from "viem";
import { pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated";
import { batchExecutorAbi } from "./batchExecutor.generated";
import { BATCH_EXECUTOR_ADDRESS, DELEGATED_CODE } from "./ensureBatchExecutor";
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
import type { LocalChain } from "../support/startLocalChain";
import { OTHER_ORIGIN, TEST_ORIGIN, WalletTestPage } from "./testing/WalletTestPage";
import { TestWalletController } from "./TestWalletController";
import type { InjectedTestWalletDriver } from "./InjectedTestWalletDriver";

const LOCAL = "0x7a69";

async function nonceOf(chain: LocalChain, account: Address): Promise<number> {
  return Number(await chain.rpc<Hex>("eth_getTransactionCount", [account, "latest"]));
}

async function stakedAmount(pool: Pool, account: Address): Promise<bigint> {
  return pool.publicClient.readContract({
    address: pool.staking,
    abi: stakingAbi,
    functionName: "stakedAmount",
    args: [account],
  });
}

/** Nothing left the wallet: same nonce and block, no transaction, no batch, no code on the account. */
async function expectNothingSent(
  chain: LocalChain,
  wallet: InjectedTestWalletDriver,
  account: Address,
  before: { nonce: number; block: Hex },
): Promise<void> {
  expect(await nonceOf(chain, account)).toBe(before.nonce);
  expect(await chain.rpc("eth_blockNumber")).toBe(before.block);
  expect(await chain.rpc("eth_getCode", [account, "latest"])).toBe("0x");
  expect(await wallet.sentTransactions()).toEqual([]);
  expect(wallet.controller.callBatches()).toEqual([]);
}

async function snapshotOf(chain: LocalChain, account: Address): Promise<{ nonce: number; block: Hex }> {
  return { nonce: await nonceOf(chain, account), block: await chain.rpc<Hex>("eth_blockNumber") };
}

test.describe("EIP-5792 batches: capabilities, sending, approvals", () => {
  test("wallet_getCapabilities: the atomic capability per switch, on the node's chain only", async ({
    walletPage,
    wallet,
    chain,
  }) => {
    const [, account1, account2] = await wallet.accounts();
    expect((await walletPage.callExpectingError("wallet_getCapabilities", [account1])).code).toBe(4100);
    // Default: off. Every known chain is listed, none with `atomic` (so an app falls back).
    expect(wallet.controller.batching).toBe("off");
    const account = await connectAccount1(walletPage, wallet, "off");
    expect(account).toBe(account1);
    expect(await walletPage.call("wallet_getCapabilities", [account])).toEqual({
      [LOCAL]: {},
      "0x1": {},
      "0xaa36a7": {},
    });
    wallet.controller.setBatching("supported");
    expect(await walletPage.call("wallet_getCapabilities", [account])).toEqual({
      [LOCAL]: { atomic: { status: "supported" } },
      "0x1": {},
      "0xaa36a7": {},
    });
    wallet.controller.setBatching("ready");
    expect(await walletPage.call("wallet_getCapabilities", [account, [LOCAL, "0x1", "0x4d2"]])).toEqual({
      [LOCAL]: { atomic: { status: "ready" } },
      "0x1": {},
    });

    expect((await walletPage.callExpectingError("wallet_getCapabilities", [account2])).code).toBe(4100);
    for (const bad of [undefined, [], ["not-an-address"], [account, LOCAL], [account, ["7a69"]]])
      expect((await walletPage.callExpectingError("wallet_getCapabilities", bad)).code).toBe(-32602);

    // The same switch at construction, checked.
    expect(new TestWalletController({ rpcUrl: chain.rpcUrl, batching: "ready" }).batching).toBe("ready");
    expect(() => new TestWalletController({ rpcUrl: chain.rpcUrl, batching: "on" as never })).toThrow(
      /batching must be "supported", "ready", "bundle" or "off"/,
    );
  });

  test("supported: approve and stake run as one type-4 transaction from the account to itself, logs in order", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const before = await snapshotOf(chain, account);
    expect(await chain.rpc("eth_getCode", [BATCH_EXECUTOR_ADDRESS, "latest"])).toBe("0x");

    const { id } = await walletPage.call<{ id: string }>("wallet_sendCalls", pool.stakeParams(account));
    const batch = await wallet.confirmCalls();
    expect(batch).toMatchObject({
      id,
      from: account,
      chainId: 31_337,
      atomicRequired: true,
      atomic: true,
      upgraded: true,
      origin: TEST_ORIGIN,
    });
    expect(batch.transactionHashes).toHaveLength(1);
    const hash = batch.transactionHashes[0]!;

    const receipt = await pool.publicClient.getTransactionReceipt({ hash });
    expect(receipt).toMatchObject({
      status: "success",
      type: "eip7702",
      from: account.toLowerCase(),
      to: account.toLowerCase(),
    });
    const events = parseEventLogs({ abi: [...pooTokenAbi, ...stakingAbi], logs: receipt.logs });
    expect(events.map((event) => [event.eventName, getAddress(event.address)])).toEqual([
      ["Approval", pool.pooToken],
      ["Staked", pool.staking],
      ["Transfer", pool.pooToken],
    ]);
    expect(await stakedAmount(pool, account)).toBe(pool.minStake);
    // One block (installing the executor mined none); the nonce moved twice: the transaction and the
    // EIP-7702 authorization it carried.
    expect(BigInt(await chain.rpc<Hex>("eth_blockNumber"))).toBe(BigInt(before.block) + 1n);
    expect(await nonceOf(chain, account)).toBe(before.nonce + 2);
    expect(await chain.rpc("eth_getCode", [account, "latest"])).toBe(DELEGATED_CODE);

    const rpcReceipt = await chain.rpc<CallsReceipt & Record<string, unknown>>("eth_getTransactionReceipt", [
      hash,
    ]);
    expect(await walletPage.call<CallsStatus>("wallet_getCallsStatus", [id])).toEqual({
      version: "2.0.0",
      id,
      chainId: LOCAL,
      status: 200,
      atomic: true,
      receipts: [asCallsReceipt(rpcReceipt)],
    });
    expect(await wallet.sentTransactions()).toEqual([
      expect.objectContaining({
        hash,
        from: account,
        to: account,
        nonce: before.nonce,
        batchId: id,
        delegatesTo: BATCH_EXECUTOR_ADDRESS,
      }),
    ]);
    expect(wallet.controller.requests().filter((r) => r.method === "wallet_sendCalls")).toEqual([
      expect.objectContaining({ outcome: "ok", result: { id } }),
    ]);
    // confirmTransaction is for eth_sendTransaction: a batch's transaction is not handed out there.
    await expect(wallet.confirmTransaction({ timeoutMs: 100 })).rejects.toThrow(/Timed out/);

    // Once delegated, a batch is an ordinary EIP-1559 transaction to itself: no authorization, one nonce.
    const second = await walletPage.call<{ id: string }>("wallet_sendCalls", pool.stakeParams(account));
    const secondBatch = await wallet.confirmCalls();
    expect(secondBatch).toMatchObject({ id: second.id, atomic: true, upgraded: false });
    expect(second.id).not.toBe(id);
    expect(
      await pool.publicClient.getTransactionReceipt({ hash: secondBatch.transactionHashes[0]! }),
    ).toMatchObject({ status: "success", type: "eip1559" });
    expect(await nonceOf(chain, account)).toBe(before.nonce + 3);
    expect(await stakedAmount(pool, account)).toBe(2n * pool.minStake);
  });

  test("a rejected batch fails with 4001 and nothing is sent", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const before = await snapshotOf(chain, account);

    await wallet.rejectNext("wallet_sendCalls");
    const error = await walletPage.callExpectingError("wallet_sendCalls", pool.stakeParams(account));

    expect(error).toEqual({ code: 4001, message: "User rejected the request." });
    await expectNothingSent(chain, wallet, account, before);
    expect(await chain.rpc("eth_getCode", [BATCH_EXECUTOR_ADDRESS, "latest"])).toBe("0x");
  });

  test("a held batch waits for the test's decision, like eth_sendTransaction", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const before = await snapshotOf(chain, account);
    const held = await wallet.holdNext("wallet_sendCalls");
    const params = pool.stakeParams(account);

    const pending = await walletPage.requestInBackground("wallet_sendCalls", params);
    expect(await held.request()).toEqual({ method: "wallet_sendCalls", params });
    expect(await pending.settled()).toBeNull();
    expect(await nonceOf(chain, account)).toBe(before.nonce);

    await held.approve();
    const outcome = await pending.outcome();
    expect(outcome).toEqual({ ok: true, result: { id: expect.any(String) } });
    expect((await wallet.confirmCalls()).id).toBe((outcome as { result: { id: string } }).result.id);
    expect(await stakedAmount(pool, account)).toBe(pool.minStake);
  });

  test("a batch that would fail is refused before signing, with the failing call's revert data", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const before = await snapshotOf(chain, account);
    const tooLittle = pool.minStake - 1n;

    const error = await walletPage.callExpectingError(
      "wallet_sendCalls",
      pool.stakeParams(account, tooLittle),
    );

    const outer = decodeErrorResult({ abi: batchExecutorAbi, data: error.data as Hex });
    expect(outer.errorName).toBe("CallFailed");
    const [index, reason] = outer.args as readonly [bigint, Hex];
    expect(index).toBe(1n);
    expect(decodeErrorResult({ abi: stakingAbi, data: reason })).toMatchObject({
      errorName: "BelowMinStake",
      args: [tooLittle, pool.minStake],
    });
    await expectNothingSent(chain, wallet, account, before);
  });

  test("ready: a declined upgrade fails with 5750 and sends nothing; the capability stays ready", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "ready");
    const before = await snapshotOf(chain, account);

    wallet.controller.declineNextUpgrade();
    const error = await walletPage.callExpectingError("wallet_sendCalls", pool.stakeParams(account));

    expect(error.code).toBe(5750);
    await expectNothingSent(chain, wallet, account, before);
    expect(wallet.controller.upgradeRequests()).toEqual([
      { account, chainId: 31_337, origin: TEST_ORIGIN, accepted: false },
    ]);
    expect(await walletPage.call("wallet_getCapabilities", [account, [LOCAL]])).toEqual({
      [LOCAL]: { atomic: { status: "ready" } },
    });
  });

  test("ready: an accepted upgrade delegates in the batch's own transaction; then the capability is supported", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "ready");
    const before = await snapshotOf(chain, account);

    const { id } = await walletPage.call<{ id: string }>("wallet_sendCalls", pool.stakeParams(account));

    expect(wallet.controller.upgradeRequests()).toEqual([
      { account, chainId: 31_337, origin: TEST_ORIGIN, accepted: true },
    ]);
    const batch = await wallet.confirmCalls();
    expect(batch).toMatchObject({ id, atomic: true, upgraded: true });
    expect(
      await pool.publicClient.getTransactionReceipt({ hash: batch.transactionHashes[0]! }),
    ).toMatchObject({ status: "success", type: "eip7702" });
    expect(await nonceOf(chain, account)).toBe(before.nonce + 2);
    expect(await stakedAmount(pool, account)).toBe(pool.minStake);
    expect(await walletPage.call("wallet_getCapabilities", [account, [LOCAL]])).toEqual({
      [LOCAL]: { atomic: { status: "supported" } },
    });
    // A delegated account is not asked again.
    await walletPage.call("wallet_sendCalls", pool.stakeParams(account));
    expect(wallet.controller.upgradeRequests()).toHaveLength(1);
  });

  test("off: atomicRequired fails with 5760 and sends nothing; without it the calls go out one by one", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "off");
    const before = await snapshotOf(chain, account);
    const calls = pool.approveAndStakeCalls(pool.minStake);

    expect(
      (await walletPage.callExpectingError("wallet_sendCalls", sendCallsParams(account, calls))).code,
    ).toBe(5760);
    await expectNothingSent(chain, wallet, account, before);

    const { id } = await walletPage.call<{ id: string }>(
      "wallet_sendCalls",
      sendCallsParams(account, calls, { atomicRequired: false }),
    );
    await expect
      .poll(async () => (await walletPage.call<CallsStatus>("wallet_getCallsStatus", [id])).status)
      .toBe(200);
    const batch = wallet.controller.callBatches()[0]!;
    expect(batch).toMatchObject({ id, atomic: false, atomicRequired: false, upgraded: false });
    expect(batch.transactionHashes).toHaveLength(2);
    const receipts = await Promise.all(
      batch.transactionHashes.map((hash) =>
        chain.rpc<CallsReceipt & Record<string, unknown>>("eth_getTransactionReceipt", [hash]),
      ),
    );
    expect(receipts.map((receipt) => [receipt.to, receipt.type])).toEqual([
      [pool.pooToken.toLowerCase(), "0x2"],
      [pool.staking.toLowerCase(), "0x2"],
    ]);
    expect(await walletPage.call<CallsStatus>("wallet_getCallsStatus", [id])).toEqual({
      version: "2.0.0",
      id,
      chainId: LOCAL,
      status: 200,
      atomic: false,
      receipts: receipts.map(asCallsReceipt),
    });
    expect(await nonceOf(chain, account)).toBe(before.nonce + 2);
    expect(await chain.rpc("eth_getCode", [account, "latest"])).toBe("0x");
    expect(await stakedAmount(pool, account)).toBe(pool.minStake);
  });

  test("ids: unknown or another site's batch is 5730, a reused id 5720; wallet_showCallsStatus", async ({
    walletPage,
    wallet,
    pool,
    context,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const unknown = "0x" + "ab".repeat(32);
    expect((await walletPage.callExpectingError("wallet_getCallsStatus", [unknown])).code).toBe(5730);
    expect((await walletPage.callExpectingError("wallet_showCallsStatus", [unknown])).code).toBe(5730);

    const calls = pool.approveAndStakeCalls(pool.minStake);
    const { id } = await walletPage.call<{ id: string }>(
      "wallet_sendCalls",
      sendCallsParams(account, calls, { id: "app-chosen-id" }),
    );
    expect(id).toBe("app-chosen-id");
    expect(
      (await walletPage.callExpectingError("wallet_sendCalls", sendCallsParams(account, calls, { id }))).code,
    ).toBe(5720);
    expect(await walletPage.call("wallet_showCallsStatus", [id])).toBeNull();
    expect(wallet.controller.shownCallsStatus()).toEqual([id]);

    const otherSite = await WalletTestPage.open(await context.newPage(), { origin: OTHER_ORIGIN });
    expect((await otherSite.callExpectingError("wallet_getCallsStatus", [id])).code).toBe(5730);
    expect(wallet.controller.callBatches()).toHaveLength(1);
  });

  test("bad parameters: -32602 (4100, 5700, 5710 where the EIP says so), nothing sent", async ({
    walletPage,
    wallet,
    chain,
    pool,
  }) => {
    const [, account, account2] = await wallet.accounts();
    const calls = pool.approveAndStakeCalls(pool.minStake);
    expect(
      (await walletPage.callExpectingError("wallet_sendCalls", sendCallsParams(account!, calls))).code,
    ).toBe(4100);
    await connectAccount1(walletPage, wallet, "supported");
    const before = await snapshotOf(chain, account!);

    const cases: [unknown, number][] = [
      [undefined, -32602],
      [[], -32602],
      [["not an object"], -32602],
      [sendCallsParams(account!, calls, { version: "1.0" }), -32602],
      [sendCallsParams(account!, calls, { chainId: 31337 }), -32602],
      [sendCallsParams(account!, calls, { chainId: "0x1" }), -32602], // known, but not the wallet's network
      [sendCallsParams(account!, calls, { chainId: "0x4d2" }), 5710],
      [sendCallsParams(account!, calls, { atomicRequired: "yes" }), -32602],
      [sendCallsParams(account!, []), -32602],
      [sendCallsParams(account!, [{ data: "0x" }]), -32602], // no `to`: contract creation
      [sendCallsParams(account!, [{ to: "0x1234" }]), -32602],
      [sendCallsParams(account!, [{ to: pool.pooToken, data: "xyz" }]), -32602],
      [sendCallsParams(account!, [{ to: pool.pooToken, value: 5 }]), -32602],
      [sendCallsParams(account!, calls, { id: "" }), -32602],
      [sendCallsParams(account2!, calls), 4100],
      [sendCallsParams(account!, calls, { capabilities: { paymasterService: { url: "https://x" } } }), 5700],
      [sendCallsParams(account!, [{ ...calls[0]!, capabilities: { auxiliaryFunds: {} } }]), 5700],
    ];
    for (const [params, code] of cases) {
      const error = await walletPage.callExpectingError("wallet_sendCalls", params);
      expect({ params, code: error.code }).toEqual({ params, code });
    }
    expect((await walletPage.callExpectingError("wallet_getCallsStatus", [])).code).toBe(-32602);
    expect((await walletPage.callExpectingError("wallet_getCallsStatus", [42])).code).toBe(-32602);
    await expectNothingSent(chain, wallet, account!, before);

    // A capability marked optional is ignored, as EIP-5792 says.
    await walletPage.call(
      "wallet_sendCalls",
      sendCallsParams(account!, calls, {
        capabilities: { paymasterService: { url: "https://x", optional: true } },
      }),
    );
    expect(wallet.controller.callBatches()).toHaveLength(1);
  });
});
