/** The chain's price of gas when the fee is estimated, in wei per gas. */
export interface FeePerGas {
  /** The latest block's base fee (a chain without one: its gas price, with no tip). */
  readonly baseFeePerGas: bigint;
  /** The tip the chain currently expects (eth_maxPriorityFeePerGas). */
  readonly priorityFeePerGas: bigint;
}

/** What the transactions Enter sends cost, in wei. */
export interface NetworkFee {
  /** Gas of all of them. */
  readonly gas: bigint;
  /** What they most likely cost: gas × (base fee + tip). */
  readonly expected: bigint;
  /**
   * What the wallet wants the account to hold for them: gas × (2 × base fee + tip), the usual cap,
   * which stays valid while the base fee rises for several full blocks.
   */
  readonly maximum: bigint;
}

/** The fee of transactions whose gas is `gasPerTransaction`, at `price`. */
export function networkFee(gasPerTransaction: readonly bigint[], price: FeePerGas): NetworkFee {
  const gas = gasPerTransaction.reduce((sum, each) => sum + each, 0n);
  return {
    gas,
    expected: gas * (price.baseFeePerGas + price.priorityFeePerGas),
    maximum: gas * (2n * price.baseFeePerGas + price.priorityFeePerGas),
  };
}
