// How the account's staking activity reads (labels, amounts, one line per transaction): shared by the
// Stake page's activity list and the wallet's recent-transactions feed, so it sits in neither feature.
import { formatTokenAmount } from "./displayFormat";
import type { ActivityEntry, ActivityKind } from "./stakeActivity";

export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  stake: "Stake",
  unstake: "Unstake",
  reward: "Reward",
};

/** "150 POO" for a stake or unstake, "1.2345 CRAP" for a reward. */
export function activityAmountText(entry: ActivityEntry): string {
  return `${formatTokenAmount(entry.amount)} ${entry.kind === "reward" ? "CRAP" : "POO"}`;
}

/** One line per transaction (an unstake pays its reward in the same one), for the account modal. */
export function activityDescriptions(
  entries: readonly ActivityEntry[],
): Array<{ hash: `0x${string}`; description: string }> {
  const byHash = new Map<string, ActivityEntry[]>();
  for (const entry of entries) {
    const key = entry.hash.toLowerCase();
    byHash.set(key, [...(byHash.get(key) ?? []), entry]);
  }
  // Entries come newest first; within a transaction, say the POO movement before the payout.
  return [...byHash.values()].map((group) => ({
    hash: group[0]!.hash,
    description: group
      .sort((a, b) => Number(a.kind === "reward") - Number(b.kind === "reward"))
      .map((entry) => `${ACTIVITY_LABELS[entry.kind]} ${activityAmountText(entry)}`)
      .join(", "),
  }));
}
