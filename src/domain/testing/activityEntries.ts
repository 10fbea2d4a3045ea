import type { ActivityEntry } from "../stakeActivity";

/** 10^18: one POO or CRAP in base units. */
export const E18 = 10n ** 18n;

/** The test hash of transaction `n`. */
export const txHash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, "0")}`;

/** An activity entry of transaction `n`, in block `n`, on 2026-11-`n` (UTC). */
export function activityEntry(
  n: number,
  kind: ActivityEntry["kind"],
  amount: bigint,
  logIndex = 0,
): ActivityEntry {
  return {
    kind,
    amount,
    hash: txHash(n),
    blockNumber: BigInt(n),
    logIndex,
    timestamp: new Date(Date.UTC(2026, 10, n)),
  };
}
