/**
 * What the wallet can do with several calls on a chain, from its EIP-5792 `atomic` capability:
 * "supported", it sends them as one atomic transaction; "ready", it can once the user accepts to
 * upgrade the account (EIP-7702), which it offers with the first batch; "unsupported", anything else
 * (no such capability, a wallet that does not answer wallet_getCapabilities, an error asking).
 */
export type AtomicBatching = "supported" | "ready" | "unsupported";

/**
 * What Enter sends for a stake: the stake alone (the allowance covers it), an approval then the stake
 * as two transactions, or both as one atomic batch (after upgrading the account when the wallet is
 * only ready for it).
 */
export type StakeSending = "stake" | "approve-then-stake" | "batch" | "batch-with-upgrade";

/** The capability decision: one confirmation whenever the wallet can batch the approval with the stake. */
export function chooseStakeSending(
  allowance: bigint,
  quantity: bigint,
  batching: AtomicBatching,
): StakeSending {
  if (allowance >= quantity) return "stake";
  switch (batching) {
    case "supported":
      return "batch";
    case "ready":
      return "batch-with-upgrade";
    case "unsupported":
      return "approve-then-stake";
  }
}
