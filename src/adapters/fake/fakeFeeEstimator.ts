import type { FeeEstimator, FeeQuote } from "../../application/ports/feeEstimator";
import type { Signer } from "../../application/ports/signer";
import type { StakeSending } from "../../domain/stakeSending";

/** Gas of each call as the fake measures it; a batch is one transaction of the two. */
export const FAKE_GAS = {
  approve: 50_000n,
  stake: 190_000n,
  batch: 235_000n,
  upgrade: 25_000n,
  withdraw: 160_000n,
};

/**
 * Quotes made-up gas per transaction at a price and balance the test sets; keeps what it was asked.
 */
export class FakeFeeEstimator implements FeeEstimator {
  readonly asked: Array<{
    readonly signer: Signer;
    readonly sending: StakeSending | "withdraw";
    readonly quantity?: bigint;
  }> = [];
  price = { baseFeePerGas: 1_000_000_000n, priorityFeePerGas: 1_000_000_000n };
  balance = 10n ** 18n;

  async quoteStake(signer: Signer, quantity: bigint, sending: StakeSending): Promise<FeeQuote> {
    this.asked.push({ signer, sending, quantity });
    const gas: Record<StakeSending, bigint[]> = {
      stake: [FAKE_GAS.stake],
      "approve-then-stake": [FAKE_GAS.approve, FAKE_GAS.stake],
      batch: [FAKE_GAS.batch],
      "batch-with-upgrade": [FAKE_GAS.batch + FAKE_GAS.upgrade],
    };
    return this.quote(gas[sending]);
  }

  async quoteUnstake(signer: Signer): Promise<FeeQuote> {
    this.asked.push({ signer, sending: "withdraw" });
    return this.quote([FAKE_GAS.withdraw]);
  }

  private quote(gasPerTransaction: bigint[]): FeeQuote {
    return { gasPerTransaction, price: this.price, balance: this.balance, currency: "ETH" };
  }
}
