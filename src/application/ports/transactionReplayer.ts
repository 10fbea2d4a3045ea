import type { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { TransactionHash } from "../../domain/transactionHash";

/**
 * Finds why a transaction mined with status 0 failed: its receipt says only that it did. The
 * original request is replayed (eth_call) on the state before its block, then on its block's own, and
 * the revert it meets is decoded as a simulated one would be. Undefined when neither replay says why
 * (out of gas, the state moved on, a node that cannot replay that block); never rejects: the reason
 * is a courtesy, the failure itself is already known.
 */
export interface TransactionReplayer {
  whyReverted(hash: TransactionHash, chainId: number): Promise<ContractRevertError | undefined>;
}
