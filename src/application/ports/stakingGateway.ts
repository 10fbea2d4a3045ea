import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";

/**
 * Writes to the Staking contract from the connected wallet. Each resolves once the transaction is
 * sent; wait for it with a TransactionWaiter. Reads go through AccountSnapshotSource.
 */
export interface StakingGateway {
  /** The Staking contract: the spender the POO allowance is given to. */
  readonly contractAddress: Address;
  stake(amount: bigint): Promise<TransactionHash>;
  /** Withdraws the whole stake and pays the rewards (the contract takes no amount). */
  withdraw(): Promise<TransactionHash>;
}
