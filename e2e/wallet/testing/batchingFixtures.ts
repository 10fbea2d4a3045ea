import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { pooTokenAbi, stakingAbi } from "../../../src/adapters/chain/abis.generated";
import type { InjectedTestWalletDriver } from "../InjectedTestWalletDriver";
import type { BatchingMode } from "../TestWalletController";
import { deployPool } from "./deployPool";
import { test as base } from "./fixtures";
import type { WalletTestPage } from "./WalletTestPage";

/** POO, CRAP and Staking wired as the real deployment wires them, on the worker's chain. */
export interface Pool {
  readonly pooToken: Address;
  readonly staking: Address;
  readonly minStake: bigint;
  /** The deployer and owner (account 0); accounts 1-4 hold 1,000 POO each, no allowance. */
  readonly owner: Address;
  readonly publicClient: PublicClient;
  /** `[approve(staking, amount), stake(amount)]` as an app passes them to wallet_sendCalls. */
  approveAndStakeCalls(amount: bigint): { to: Address; data: Hex }[];
  /** wallet_sendCalls's params for approve + stake of `amount` (default: the minimum stake). */
  stakeParams(from: Address, amount?: bigint, overrides?: Record<string, unknown>): unknown[];
}

interface TestFixtures {
  pool: Pool;
}

/**
 * The wallet fixtures plus the project's contracts, deployed for each test after the wallet fixture
 * took its chain snapshot: reverted with the rest, so no other spec sees them or their nonces.
 */
export const test = base.extend<TestFixtures>({
  pool: [
    async ({ chain, wallet: _snapshotFirst }, use) => {
      const viemChain = defineChain({
        id: chain.chainId,
        name: "wallet test chain",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      });
      const transport = http(chain.rpcUrl, { retryCount: 0 });
      const publicClient = createPublicClient({ chain: viemChain, transport, cacheTime: 0 });
      const [owner, ...others] = await chain.rpc<Address[]>("eth_accounts");
      const deployment = await deployPool(
        publicClient,
        createWalletClient({ account: owner!, chain: viemChain, transport }),
        { seed: others.slice(0, 4), seedEach: parseEther("1000") },
      );
      const { minStake } = deployment;
      const approveAndStakeCalls = (amount: bigint) => [
        {
          to: deployment.pooToken,
          data: encodeFunctionData({
            abi: pooTokenAbi,
            functionName: "approve",
            args: [deployment.staking, amount],
          }),
        },
        {
          to: deployment.staking,
          data: encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [amount] }),
        },
      ];
      await use({
        pooToken: deployment.pooToken,
        staking: deployment.staking,
        minStake,
        owner: deployment.owner,
        publicClient,
        approveAndStakeCalls,
        stakeParams: (from, amount = minStake, overrides = {}) =>
          sendCallsParams(from, approveAndStakeCalls(amount), overrides),
      });
    },
    { timeout: 30_000 },
  ],
});

export { expect } from "./fixtures";

/** One receipt of wallet_getCallsStatus (EIP-5792's shape). */
export interface CallsReceipt {
  readonly logs: readonly {
    readonly address: Address;
    readonly data: Hex;
    readonly topics: readonly Hex[];
  }[];
  readonly status: Hex;
  readonly blockHash: Hex;
  readonly blockNumber: Hex;
  readonly gasUsed: Hex;
  readonly transactionHash: Hex;
}

/** wallet_getCallsStatus's answer. */
export interface CallsStatus {
  readonly version: string;
  readonly id: string;
  readonly chainId: Hex;
  readonly status: number;
  readonly atomic: boolean;
  readonly receipts?: readonly CallsReceipt[];
}

/** wallet_sendCalls's params as viem 2.57 sends them (version 2.0.0, the local chain, atomic required). */
export function sendCallsParams(
  from: Address,
  calls: readonly object[],
  overrides: Record<string, unknown> = {},
): unknown[] {
  return [{ version: "2.0.0", chainId: "0x7a69", from, atomicRequired: true, calls, ...overrides }];
}

/** What a receipt of the node looks like in wallet_getCallsStatus. */
export function asCallsReceipt(receipt: CallsReceipt & Record<string, unknown>): CallsReceipt {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt.status,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    transactionHash: receipt.transactionHash,
  };
}

/** Sets the wallet's batching, and connects the page with account 1 (it holds POO; account 0 owns the pool). */
export async function connectAccount1(
  walletPage: WalletTestPage,
  wallet: InjectedTestWalletDriver,
  batching: BatchingMode,
): Promise<Address> {
  wallet.controller.setBatching(batching);
  const account = await wallet.switchAccount(1);
  await walletPage.call("eth_requestAccounts");
  return account;
}
