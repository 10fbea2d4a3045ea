import type { Address } from "viem";

/** A POO balance and the block it was read at. */
export type BalanceAtBlock = { balanceWei: bigint; blockNumber: bigint };

/** Reads POO balances from a chain. Throws when the chain or the deployment cannot be read. */
export interface BalanceReader {
  /** POO balance in base units (18 decimals) of `address` on chain `chainId`, with its block. */
  pooBalanceOf(chainId: number, address: Address): Promise<BalanceAtBlock>;
  /** The chain's latest block number. */
  latestBlock(chainId: number): Promise<bigint>;
  /** Balances of many addresses at one block, in the same order, read in batches. */
  pooBalancesAt(chainId: number, addresses: readonly Address[], blockNumber: bigint): Promise<bigint[]>;
}
