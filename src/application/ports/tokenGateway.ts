import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import type { Signer } from "./signer";
import type { WriteOptions } from "./stakingGateway";

/**
 * The POO token (an ERC-20). Reads go to the chain the app is on; writes are signed by `signer` on its
 * chain, checked against the chain first, and resolve as soon as the transaction is sent (wait for it
 * with a TransactionWaiter). Implementations reject with domain errors (UserRejectedError,
 * ContractRevertError, WalletChangedError...).
 */
export interface TokenGateway {
  balanceOf(account: Address): Promise<bigint>;
  allowance(owner: Address, spender: Address): Promise<bigint>;
  /** Sets the spender's allowance to exactly `amount` base units. */
  approve(signer: Signer, spender: Address, amount: bigint, options?: WriteOptions): Promise<TransactionHash>;
}
