import type { FeePerGas } from "../../domain/networkFee";
import type { StakeSending } from "../../domain/stakeSending";
import type { Signer } from "./signer";

/** What a fee is computed from, read at one block. */
export interface FeeQuote {
  /** The gas of each transaction to be sent, in order. */
  readonly gasPerTransaction: readonly bigint[];
  readonly price: FeePerGas;
  /** The signer's balance of the chain's currency, in wei. */
  readonly balance: bigint;
  /** The chain's currency ("ETH"). */
  readonly currency: string;
}

/**
 * Estimates the gas of what a flow would send, as the signer, on the chain's current state, with the
 * chain's current fee per gas. A stake that needs an approval is measured with the approval before
 * it, as it will run. Rejects with ContractRevertError when a call would revert, or the RPC's errors.
 */
export interface FeeEstimator {
  quoteStake(signer: Signer, quantity: bigint, sending: StakeSending): Promise<FeeQuote>;
  quoteUnstake(signer: Signer): Promise<FeeQuote>;
}
