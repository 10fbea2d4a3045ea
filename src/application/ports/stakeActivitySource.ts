import type { Address } from "../../domain/address";
import type { ActivityEntry } from "../../domain/stakeActivity";

/**
 * The account's stakes, unstakes and CRAP payouts on one chain, read from the chain's ERC-20 Transfer
 * events (so it works with the spec's interface alone), newest first.
 */
export interface StakeActivitySource {
  loadActivity(account: Address, chainId: number): Promise<readonly ActivityEntry[]>;
}
