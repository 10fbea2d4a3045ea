// What may come back from the persisted query cache. Stored data is untrusted: written by an older
// version of the app (a field added since), by another tab, or edited by hand. A query whose data
// is not of the shape the app reads now is dropped, and the page reads it again from the chain.
// Hand-written checks rather than a schema library: this runs on every start, before first paint.

const SNAPSHOT_AMOUNTS = [
  "pooBalance",
  "crapBalance",
  "rewards",
  "stakedAmount",
  "allowance",
  "stakedTime",
  "minStake",
  "minStakeDuration",
  "blockNumber",
  "blockTimestamp",
  "poolStaked",
] as const;
const SNAPSHOT_OPTIONAL_AMOUNTS = ["rewardRate", "totalStaked", "rewardsAvailable"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An AccountSnapshot: every amount a bigint, `paused` a boolean, the optional reads a bigint or absent. */
export function isAccountSnapshot(data: unknown): boolean {
  if (!isRecord(data)) return false;
  return (
    SNAPSHOT_AMOUNTS.every((key) => typeof data[key] === "bigint") &&
    typeof data.paused === "boolean" &&
    SNAPSHOT_OPTIONAL_AMOUNTS.every((key) => data[key] === undefined || typeof data[key] === "bigint")
  );
}

/** An available POO price (an unavailable one carries an error object JSON cannot keep). */
export function isAvailablePrice(data: unknown): boolean {
  return (
    isRecord(data) &&
    data.status === "available" &&
    typeof data.usd === "number" &&
    Number.isFinite(data.usd) &&
    data.usd >= 0 &&
    data.updatedAt instanceof Date &&
    !Number.isNaN(data.updatedAt.getTime()) &&
    typeof data.stale === "boolean"
  );
}

/** Whether a persisted query (key and data) may be restored; unknown keys never are. */
export function isRestorableQuery(queryKey: unknown, data: unknown): boolean {
  if (!Array.isArray(queryKey)) return false;
  const [feature, kind] = queryKey as unknown[];
  if (feature === "stake" && kind === "snapshot") return isAccountSnapshot(data);
  if (feature === "price" && kind === "poo") return isAvailablePrice(data);
  return false;
}
