import type { Address } from "viem";

/** Reads token balances from a chain. Throws when the chain or the deployment cannot be read. */
export interface BalanceReader {
  /** POO balance in base units (18 decimals) of `address` on chain `chainId`. */
  pooBalanceOf(chainId: number, address: Address): Promise<bigint>;
}
