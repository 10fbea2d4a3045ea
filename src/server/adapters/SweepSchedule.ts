/** How often a store deletes its expired rows: on a write, at most once per interval. */
export const SWEEP_INTERVAL_MS = 60_000;

/** Says when a store's next sweep of expired rows is due (per store instance). */
export class SweepSchedule {
  private lastSweepMs = Number.NEGATIVE_INFINITY;

  /** True when a sweep is due at `nowMs`; the next one is then due SWEEP_INTERVAL_MS later. */
  due(nowMs: number): boolean {
    if (nowMs - this.lastSweepMs < SWEEP_INTERVAL_MS) return false;
    this.lastSweepMs = nowMs;
    return true;
  }
}
