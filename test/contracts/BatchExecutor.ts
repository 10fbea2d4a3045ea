import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  type BaseError,
  concatHex,
  createWalletClient,
  custom,
  decodeErrorResult,
  encodeFunctionData,
  getAddress,
  parseEventLogs,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import {
  MIN_STAKE,
  networkHelpers,
  poo,
  provider,
  stakingFixture,
  viem,
  type PooToken$Type,
  type Staking$Type,
} from "./fixtures.ts";

const { loadFixture, setBalance, setCode } = networkHelpers;

/** Where the injected test wallet installs the executor (e2e/wallet/ensureBatchExecutor.ts uses the same idea). */
const FIXED_ADDRESS: Address = "0x0000000000000000000000000000000000005792";

/** A fresh account with a private key (EIP-7702 authorizations need one), 10 ETH and 1,000 POO, no allowance. */
async function batchFixture() {
  const base = await stakingFixture();
  const executor = await viem.deployContract("BatchExecutor");
  const account = privateKeyToAccount(generatePrivateKey());
  await setBalance(account.address, 10n ** 19n);
  await base.pooToken.write.transfer([account.address, poo(1_000)]);
  const wallet = createWalletClient({ account, chain: hardhat, transport: custom(provider) });
  /** Signs an EIP-7702 authorization for `delegateTo` and sends `execute(calls)` to itself with it. */
  const delegateAndExecute = async (
    calls: readonly { to: Address; value: bigint; data: Hex }[],
    { delegateTo = executor.address, gas }: { delegateTo?: Address; gas?: bigint } = {},
  ): Promise<Hex> => {
    const authorization = await wallet.signAuthorization({ contractAddress: delegateTo, executor: "self" });
    return wallet.sendTransaction({
      to: account.address,
      authorizationList: [authorization],
      data: encodeFunctionData({ abi: executor.abi, functionName: "execute", args: [calls] }),
      gas,
    });
  };
  return { ...base, executor, account, wallet, delegateAndExecute };
}

/** The calls of a stake with approval, as the app asks the wallet for them. */
function approveAndStake(
  pooToken: { address: Address; abi: PooToken$Type["abi"] },
  staking: { address: Address; abi: Staking$Type["abi"] },
  amount: bigint,
) {
  return [
    {
      to: pooToken.address,
      value: 0n,
      data: encodeFunctionData({
        abi: pooToken.abi,
        functionName: "approve",
        args: [staking.address, amount],
      }),
    },
    {
      to: staking.address,
      value: 0n,
      data: encodeFunctionData({ abi: staking.abi, functionName: "stake", args: [amount] }),
    },
  ] as const;
}

describe("BatchExecutor", () => {
  it("runs approve then stake as one EIP-7702 transaction from the delegated account to itself", async () => {
    const { executor, account, delegateAndExecute, pooToken, staking } = await loadFixture(batchFixture);
    const publicClient = await viem.getPublicClient();
    const hash = await delegateAndExecute(approveAndStake(pooToken, staking, MIN_STAKE));
    const receipt = await publicClient.waitForTransactionReceipt({ hash });

    assert.equal(receipt.status, "success");
    assert.equal(receipt.type, "eip7702");
    assert.equal(receipt.from, account.address.toLowerCase());
    assert.equal(receipt.to, account.address.toLowerCase());
    assert.equal(
      await publicClient.getCode({ address: account.address }),
      concatHex(["0xef0100", executor.address.toLowerCase() as Hex]),
    );
    const events = parseEventLogs({ abi: [...pooToken.abi, ...staking.abi], logs: receipt.logs });
    assert.deepEqual(
      events.map((event) => [getAddress(event.address), event.eventName]),
      [
        [getAddress(pooToken.address), "Approval"],
        [getAddress(staking.address), "Staked"],
        [getAddress(pooToken.address), "Transfer"],
      ],
    );
    assert.equal(await staking.read.stakedAmount([account.address]), MIN_STAKE);
    assert.equal(await pooToken.read.allowance([account.address, staking.address]), 0n);
    // EIP-7702: the authorization bumps the account's nonce too, so the first batch uses two.
    assert.equal(await publicClient.getTransactionCount({ address: account.address }), 2);
  });

  it("a failing call reverts the whole batch with CallFailed(index, the call's own revert data)", async () => {
    const { executor, account, delegateAndExecute, pooToken, staking } = await loadFixture(batchFixture);
    const publicClient = await viem.getPublicClient();
    const tooLittle = MIN_STAKE - 1n;
    // A fixed gas limit skips estimation, and the block is mined apart (the in-process node throws on
    // a failing automined transaction), so the batch is mined and fails on chain.
    await provider.request({ method: "evm_setAutomine", params: [false] });
    let hash: Hex;
    try {
      hash = await delegateAndExecute(approveAndStake(pooToken, staking, tooLittle), { gas: 500_000n });
      await provider.request({ method: "evm_mine" });
    } finally {
      await provider.request({ method: "evm_setAutomine", params: [true] });
    }
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, "reverted");
    assert.equal(receipt.logs.length, 0);
    assert.equal(await pooToken.read.allowance([account.address, staking.address]), 0n, "approve undone");
    assert.equal(await staking.read.stakedAmount([account.address]), 0n);

    // Replayed at its block, the revert names the failing call and carries the pool's own error.
    const replay = await publicClient
      .call({
        account: account.address,
        to: account.address,
        data: (await publicClient.getTransaction({ hash })).input,
        blockNumber: receipt.blockNumber,
      })
      .then(
        () => assert.fail("the replay should revert"),
        (error: BaseError) => {
          const withData = error.walk((cause) => typeof (cause as { data?: unknown }).data === "string");
          return (withData as { data?: Hex } | null)?.data;
        },
      );
    assert.ok(replay, "the replay returns revert data");
    const outer = decodeErrorResult({ abi: executor.abi, data: replay });
    assert.equal(outer.errorName, "CallFailed");
    const [index, reason] = outer.args as readonly [bigint, Hex];
    assert.equal(index, 1n);
    const inner = decodeErrorResult({ abi: staking.abi, data: reason });
    assert.equal(inner.errorName, "BelowMinStake");
    assert.deepEqual(inner.args, [tooLittle, MIN_STAKE]);
  });

  it("refuses execute from anyone but the account itself", async () => {
    const { executor, account, delegateAndExecute, pooToken, staking, users } =
      await loadFixture(batchFixture);
    const stranger = users[0]!;
    const publicClient = await viem.getPublicClient();
    // Delegate with a harmless empty batch first.
    await publicClient.waitForTransactionReceipt({ hash: await delegateAndExecute([]) });
    const batch = [approveAndStake(pooToken, staking, MIN_STAKE)] as const;
    const delegated = await viem.getContractAt("BatchExecutor", account.address);

    await viem.assertions.revertWithCustomErrorWithArgs(
      delegated.write.execute(batch, { account: stranger.account }),
      delegated,
      "Unauthorized",
      [getAddress(stranger.account.address)],
    );
    // Nor does the executor's own deployment run batches for whoever calls it.
    await viem.assertions.revertWithCustomErrorWithArgs(
      executor.write.execute(batch, { account: stranger.account }),
      executor,
      "Unauthorized",
      [getAddress(stranger.account.address)],
    );
    assert.equal(await pooToken.read.allowance([account.address, staking.address]), 0n);
  });

  it("works as runtime code put at a fixed address with hardhat_setCode, forwards value and accepts ether", async () => {
    const { executor, account, wallet, delegateAndExecute, users } = await loadFixture(batchFixture);
    const publicClient = await viem.getPublicClient();
    const runtime = await publicClient.getCode({ address: executor.address });
    assert.ok(runtime);
    await setCode(FIXED_ADDRESS, runtime);
    const recipient = users[1]!.account.address;
    const before = await publicClient.getBalance({ address: recipient });

    const hash = await delegateAndExecute([{ to: recipient, value: 1234n, data: "0x" }], {
      delegateTo: FIXED_ADDRESS,
    });
    assert.equal((await publicClient.waitForTransactionReceipt({ hash })).status, "success");
    assert.equal((await publicClient.getBalance({ address: recipient })) - before, 1234n);

    // A plain transfer to the delegated account (as a wallet's "cancel" sends to itself) still succeeds.
    const cancelLike = await wallet.sendTransaction({ to: account.address, value: 0n });
    assert.equal((await publicClient.waitForTransactionReceipt({ hash: cancelLike })).status, "success");
  });
});
