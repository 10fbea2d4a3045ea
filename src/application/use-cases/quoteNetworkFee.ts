import { networkFee, type NetworkFee } from "../../domain/networkFee";
import { chooseStakeSending, type AtomicBatching, type StakeSending } from "../../domain/stakeSending";
import type { FeeEstimator, FeeQuote } from "../ports/feeEstimator";
import type { Signer } from "../ports/signer";

/** The network fee of what a button would send, and whether the account can pay it. */
export interface NetworkFeeView {
  readonly fee: NetworkFee;
  /** The account holds at least the fee's maximum (what the wallet will ask it to hold). */
  readonly coverable: boolean;
  readonly balance: bigint;
  readonly currency: string;
  /** Stake only: what Enter sends, decided as the stake itself decides it. */
  readonly sending?: StakeSending;
}

export interface StakeFeeInput {
  readonly signer: Signer;
  readonly quantity: bigint;
  /** The allowance the page last read: with the quantity, whether an approval goes first. */
  readonly allowance: bigint;
  readonly batching: AtomicBatching;
}

function view(quote: FeeQuote, sending?: StakeSending): NetworkFeeView {
  const fee = networkFee(quote.gasPerTransaction, quote.price);
  return {
    fee,
    coverable: quote.balance >= fee.maximum,
    balance: quote.balance,
    currency: quote.currency,
    ...(sending === undefined ? {} : { sending }),
  };
}

/**
 * The fee before Enter: for a stake, of exactly what Enter will send (the approval and the stake, the
 * batch, or the stake alone: the same capability decision as the stake's), for Unstake, the withdraw.
 */
export class QuoteNetworkFee {
  constructor(private readonly estimator: FeeEstimator) {}

  async forStake({ signer, quantity, allowance, batching }: StakeFeeInput): Promise<NetworkFeeView> {
    const sending = chooseStakeSending(allowance, quantity, batching);
    return view(await this.estimator.quoteStake(signer, quantity, sending), sending);
  }

  async forUnstake(signer: Signer): Promise<NetworkFeeView> {
    return view(await this.estimator.quoteUnstake(signer));
  }
}
