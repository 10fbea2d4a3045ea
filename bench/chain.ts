import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  toFunctionSelector,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { hardhat } from "viem/chains";

/**
 * The benchmark's own clients, straight to the node (never through the counting proxy): chain time,
 * snapshots, receipts, and the pre-approval of the "stake without approval" runs. `chainId`: the
 * node's (11155111 for the Sepolia look-alike), which viem checks before the node signs.
 */
export function chainClients(chainUrl: string, chainId: number = hardhat.id) {
  const chain = { ...hardhat, id: chainId, rpcUrls: { default: { http: [chainUrl] } } };
  const transport = http(chainUrl);
  return {
    publicClient: createPublicClient({ chain, transport }),
    testClient: createTestClient({ chain, transport, mode: "hardhat" }),
    walletClient: createWalletClient({ chain, transport }),
  };
}

export type ChainClients = ReturnType<typeof chainClients>;

/** The node's current block number, uncached (viem caches it for a polling interval by default; after evm_revert that is wrong). */
export function blockNumber(clients: ChainClients): Promise<bigint> {
  return clients.publicClient.getBlockNumber({ cacheTime: 0 });
}

export const SELECTORS: Record<string, string> = {
  [toFunctionSelector("approve(address,uint256)")]: "approve",
  [toFunctionSelector("stake(uint256)")]: "stake",
  [toFunctionSelector("withdraw()")]: "withdraw",
};

/**
 * Puts the chain back to `snapshot` and takes a new snapshot of that state (the node drops a
 * snapshot once reverted to). Throws if the node did not revert.
 */
export async function revertAndSnapshot(clients: ChainClients, snapshot: Hex): Promise<Hex> {
  // viem types evm_revert's answer as void; the node answers whether it reverted.
  const reverted: unknown = await clients.testClient.request({ method: "evm_revert", params: [snapshot] });
  if (reverted !== true) throw new Error(`evm_revert ${snapshot} failed`);
  return clients.testClient.snapshot();
}

export interface MinedTransaction {
  hash: Hash;
  /** approve / stake / withdraw, else the 4-byte selector. */
  call: string;
  to: Address | null;
  status: "success" | "reverted";
  gasUsed: number;
  blockNumber: number;
}

/** Transactions mined after `afterBlock` (automine: one per block), with their receipts. */
export async function transactionsAfter(
  clients: ChainClients,
  afterBlock: bigint,
): Promise<MinedTransaction[]> {
  const { publicClient } = clients;
  const latest = await blockNumber(clients);
  const mined: MinedTransaction[] = [];
  for (let n = afterBlock + 1n; n <= latest; n++) {
    const block = await publicClient.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      const receipt = await publicClient.getTransactionReceipt({ hash: tx.hash });
      const selector = tx.input.slice(0, 10);
      mined.push({
        hash: tx.hash,
        call: SELECTORS[selector] ?? selector,
        to: tx.to ? getAddress(tx.to) : null,
        status: receipt.status,
        gasUsed: Number(receipt.gasUsed),
        blockNumber: Number(n),
      });
    }
  }
  return mined;
}

export async function allowance(
  clients: ChainClients,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<bigint> {
  return clients.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [owner, spender],
  });
}

/** approve() from an unlocked node account, signed by the node; waits for the receipt. */
export async function approveFromNode(
  clients: ChainClients,
  token: Address,
  owner: Address,
  spender: Address,
  amount: bigint,
): Promise<void> {
  const hash = await clients.walletClient.writeContract({
    account: owner,
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [spender, amount],
  });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success") throw new Error(`approve from ${owner} reverted`);
}
