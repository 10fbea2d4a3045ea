import {
  createPublicClient,
  createTestClient,
  defineChain,
  http,
  type Address,
  type Hex,
  type PublicClient,
  type TestClient,
} from "viem";
import { MULTICALL3_ADDRESS } from "../../src/app/wallet/buildChains";

/**
 * The spec's own view of the stack's chain: a public client to read figures (balances, stakes, blocks)
 * and a test client for Hardhat's test methods (time travel, mining, snapshots).
 */
export interface ChainClients {
  readonly publicClient: PublicClient;
  readonly testClient: TestClient<"hardhat">;
  /** Moves the chain's clock forward by `seconds` and mines a block carrying the new time. */
  increaseTime(seconds: number | bigint): Promise<void>;
  /** Mines `blocks` empty blocks (default 1). */
  mine(blocks?: number): Promise<void>;
  /**
   * Interval mining, as a real chain makes blocks: one every `ms` and no automine; 0 stops mining
   * altogether (transactions wait in the mempool until mining resumes).
   */
  setBlockTime(ms: number): Promise<void>;
  /** Timestamp of the latest block, in seconds. */
  latestTimestamp(): Promise<bigint>;
  /** How many transactions of `account` are mined (its nonce at the latest block). */
  minedNonce(account: Address): Promise<number>;
  /** `evm_snapshot`: an id to revert to. */
  snapshot(): Promise<Hex>;
  /** `evm_revert` to `id`; the snapshot is used up (Hardhat deletes it), so snapshot again afterwards. */
  revert(id: Hex): Promise<void>;
}

export function createChainClients(chainUrl: string, chainId = 31_337): ChainClients {
  const chain = defineChain({
    id: chainId,
    name: "POO e2e chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chainUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 0 } },
  });
  // No polling: specs read when they ask, and the chain automines.
  const transport = http(chainUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0 });
  const testClient = createTestClient({ chain, transport, mode: "hardhat" });

  return {
    publicClient,
    testClient,
    async increaseTime(seconds) {
      await testClient.increaseTime({ seconds: Number(seconds) });
      await testClient.mine({ blocks: 1 });
    },
    async mine(blocks = 1) {
      await testClient.mine({ blocks });
    },
    async setBlockTime(ms) {
      await testClient.setAutomine(false);
      await testClient.setIntervalMining({ interval: ms / 1000 });
    },
    async latestTimestamp() {
      return (await publicClient.getBlock({ blockTag: "latest" })).timestamp;
    },
    minedNonce: (account) => publicClient.getTransactionCount({ address: account, blockTag: "latest" }),
    snapshot: () => testClient.snapshot(),
    async revert(id) {
      // Hardhat answers false (rather than an error) for an unknown snapshot id.
      const reverted: unknown = await testClient.request({ method: "evm_revert", params: [id] });
      if (reverted !== true)
        throw new Error(`evm_revert(${id}) did not revert the chain (answer: ${String(reverted)})`);
    },
  };
}
