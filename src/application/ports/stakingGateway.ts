import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import type { Signer } from "./signer";

/** Options of a write. */
export interface WriteOptions {
  /**
   * Check the call against the chain as of this block (a transaction it depends on was mined there),
   * never against an older state a lagging RPC node may still serve.
   */
  readonly checkAtBlock?: bigint;
}

/**
 * Writes to the Staking contract, signed by `signer` on its chain. Each call is checked against the
 * chain first (a revert is reported before the wallet is asked) and resolves once the transaction is
 * sent; wait for it with a TransactionWaiter. Rejects with WalletChangedError, sending nothing, when
 * the wallet is no longer on the signer's account and chain. Reads go through AccountSnapshotSource.
 */
export interface StakingGateway {
  /** The Staking contract on `chainId`: the spender the POO allowance is given to. */
  stakingAddress(chainId: number): Address;
  stake(signer: Signer, amount: bigint, options?: WriteOptions): Promise<TransactionHash>;
  /** Withdraws the whole stake and pays the rewards (the contract takes no amount). */
  withdraw(signer: Signer, options?: WriteOptions): Promise<TransactionHash>;
}
