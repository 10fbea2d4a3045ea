import {
  AtomicityNotSupportedError,
  AtomicReadyWalletRejectedUpgradeError,
  BaseError,
  createWalletClient,
  custom,
  defineChain,
  type Address,
} from "viem";
import { pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated";
import type { InjectedTestWalletDriver } from "./InjectedTestWalletDriver";
import { connectAccount1, expect, test, type Pool } from "./testing/batchingFixtures";
import { TEST_ORIGIN } from "./testing/WalletTestPage";

/**
 * viem's own EIP-5792 actions (what wagmi's useCapabilities, useSendCalls and useWaitForCallsStatus
 * call) against the wallet, through an EIP-1193 transport to the controller: the parameters viem
 * sends pass validation, and its typed errors come out of the wallet's codes.
 */
function viemClient(wallet: InjectedTestWalletDriver, account: Address) {
  return createWalletClient({
    account,
    chain: defineChain({
      id: 31_337,
      name: "Hardhat",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [wallet.controller.rpcUrl] } },
    }),
    transport: custom({
      async request({ method, params }) {
        const reply = await wallet.controller.handle(TEST_ORIGIN, { kind: "request", method, params });
        if (reply.ok) return reply.result;
        throw Object.assign(new Error(reply.error.message), reply.error);
      },
    }),
  });
}

function stakeCalls(pool: Pool) {
  return [
    { to: pool.pooToken, abi: pooTokenAbi, functionName: "approve", args: [pool.staking, pool.minStake] },
    { to: pool.staking, abi: stakingAbi, functionName: "stake", args: [pool.minStake] },
  ] as const;
}

test.describe("EIP-5792 batches through viem's actions", () => {
  test("getCapabilities, sendCalls (forceAtomic) and waitForCallsStatus: one atomic batch, success", async ({
    walletPage,
    wallet,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "supported");
    const client = viemClient(wallet, account);

    expect(await client.getCapabilities({ chainId: 31_337 })).toEqual({ atomic: { status: "supported" } });
    const { id } = await client.sendCalls({ calls: stakeCalls(pool), forceAtomic: true });
    const result = await client.waitForCallsStatus({ id, pollingInterval: 50, timeout: 10_000 });

    const [hash] = (await wallet.confirmCalls()).transactionHashes;
    expect(result).toMatchObject({
      id,
      status: "success",
      statusCode: 200,
      atomic: true,
      chainId: 31_337,
      receipts: [{ status: "success", transactionHash: hash }],
    });
  });

  test("off: getCapabilities has no atomic entry; sendCalls with forceAtomic throws AtomicityNotSupportedError", async ({
    walletPage,
    wallet,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "off");
    const client = viemClient(wallet, account);

    expect(await client.getCapabilities({ chainId: 31_337 })).toEqual({});
    const error = await client
      .sendCalls({ calls: stakeCalls(pool), forceAtomic: true })
      .catch((e: BaseError) => e);
    expect(error).toBeInstanceOf(BaseError);
    expect((error as BaseError).walk((cause) => cause instanceof AtomicityNotSupportedError)).toBeTruthy();
    expect(wallet.controller.callBatches()).toEqual([]);
  });

  test("ready, upgrade declined: sendCalls throws AtomicReadyWalletRejectedUpgradeError", async ({
    walletPage,
    wallet,
    pool,
  }) => {
    const account = await connectAccount1(walletPage, wallet, "ready");
    const client = viemClient(wallet, account);

    expect(await client.getCapabilities({ chainId: 31_337 })).toEqual({ atomic: { status: "ready" } });
    wallet.controller.declineNextUpgrade();
    const error = await client
      .sendCalls({ calls: stakeCalls(pool), forceAtomic: true })
      .catch((e: BaseError) => e);
    expect(
      (error as BaseError).walk((cause) => cause instanceof AtomicReadyWalletRejectedUpgradeError),
    ).toBeTruthy();
    expect(wallet.controller.callBatches()).toEqual([]);
  });
});
