import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";

/**
 * The POO token (an ERC-20). Writes are signed by the connected wallet and resolve as soon as the
 * transaction is sent; wait for it with a TransactionWaiter. Implementations reject with domain
 * errors (UserRejectedError, ContractRevertError, ...).
 */
export interface TokenGateway {
  balanceOf(account: Address): Promise<bigint>;
  allowance(owner: Address, spender: Address): Promise<bigint>;
  /** Sets the spender's allowance to exactly `amount` base units. */
  approve(spender: Address, amount: bigint): Promise<TransactionHash>;
}
