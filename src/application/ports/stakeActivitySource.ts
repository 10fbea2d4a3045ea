import type { Address } from "../../domain/address";
import type { StakeActivity } from "../../domain/stakeActivity";

/**
 * The account's stakes, unstakes and CRAP payouts on one chain (ERC-20 Transfer events between the
 * account and the pool, so it works with the spec's interface alone), newest first; incomplete when
 * part of the history could not be read right now.
 */
export interface StakeActivitySource {
  loadActivity(account: Address, chainId: number): Promise<StakeActivity>;
}
