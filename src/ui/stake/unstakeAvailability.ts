import { canUnstake, unlockTime } from "../../domain/stakingRules";

export interface StakePosition {
  readonly stakedAmount: bigint;
  /** Unix seconds of the stake. */
  readonly stakedTime: bigint;
  /** MIN_STAKE_DURATION, seconds. */
  readonly minStakeDuration: bigint;
}

export type UnstakeAvailability =
  | { readonly kind: "nothing-staked" }
  | { readonly kind: "locked"; readonly unlocksAt: Date }
  | { readonly kind: "available" };

/** Whether the Unstake button may send a withdraw now (`nowSeconds`: chain time, Unix seconds). */
export function unstakeAvailability(position: StakePosition, nowSeconds: bigint): UnstakeAvailability {
  if (position.stakedAmount <= 0n) return { kind: "nothing-staked" };
  if (canUnstake(nowSeconds, position.stakedTime, position.minStakeDuration)) return { kind: "available" };
  const unlocksAt = unlockTime(position.stakedTime, position.minStakeDuration);
  return { kind: "locked", unlocksAt: new Date(Number(unlocksAt) * 1000) };
}

const MINUTE_MS = 60_000;

/** "in 2 d 3 h", "in 23 h 12 min", "in 5 min", "in less than a minute". Minutes round up. */
export function formatTimeUntil(remainingMs: number): string {
  if (remainingMs < MINUTE_MS) return "in less than a minute";
  const totalMinutes = Math.ceil(remainingMs / MINUTE_MS);
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  const parts =
    days > 0
      ? [`${days} d`, hours > 0 ? `${hours} h` : ""]
      : [hours > 0 ? `${hours} h` : "", minutes > 0 ? `${minutes} min` : ""];
  return `in ${parts.filter(Boolean).join(" ")}`;
}

/**
 * "Unstaking possible from 23 Nov 2026, 14:05 (in 23 h 12 min)" in the user's locale. The time is
 * rounded up to the minute, so the moment shown is never before the stake actually unlocks.
 */
export function unstakeLockedText(unlocksAt: Date, now: Date, locale?: string, timeZone?: string): string {
  const shown = new Date(Math.ceil(unlocksAt.getTime() / MINUTE_MS) * MINUTE_MS);
  const when = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(shown);
  return `Unstaking possible from ${when} (${formatTimeUntil(unlocksAt.getTime() - now.getTime())})`;
}

/** What a stake of now means for the lock, from the snapshot and the chain's time. */
export interface StakeLockInput {
  readonly stakedAmount: bigint;
  /** MIN_STAKE_DURATION, seconds. */
  readonly minStakeDuration: bigint;
}

/**
 * Said in the Stake dialog before Enter: when the POO staked now can be unstaked. A stake sets the
 * stake's time (`stakedTime`) to its block, so adding to an existing stake restarts the lock of the
 * whole stake; the date is from the chain's "now", rounded up to the minute. Nothing without a lock.
 */
export function stakeLockNotice(
  position: StakeLockInput,
  now: Date,
  locale?: string,
  timeZone?: string,
): string | undefined {
  if (position.minStakeDuration <= 0n) return undefined;
  const unlocksAt = new Date(now.getTime() + Number(position.minStakeDuration) * 1000);
  const when = unstakeLockedText(unlocksAt, now, locale, timeZone);
  return position.stakedAmount > 0n
    ? `Adding to your stake restarts its lock for all your staked POO. ${when}.`
    : `Staking locks your POO. ${when}.`;
}
