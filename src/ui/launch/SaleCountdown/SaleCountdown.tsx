import { useId, type ReactNode } from "react";
import { useNow } from "../../hooks/useNow";
import { saleCountdownView } from "./saleCountdownView";
import styles from "./SaleCountdown.module.css";

const TICK_MS = 1000;

/**
 * The sale countdown, recomputed from the sale's times every second. role="timer" is not announced
 * on every tick (its live region is off), so screen readers hear it only when they reach it.
 */
export function SaleCountdown({ startsAt, endsAt }: { startsAt: string; endsAt: string }): ReactNode {
  const now = useNow(TICK_MS);
  const labelId = useId();
  const view = saleCountdownView(now, startsAt, endsAt);
  return (
    <div className={styles.countdown}>
      <span id={labelId} className={styles.label}>
        {view.label}
      </span>
      {view.value !== undefined && (
        <span role="timer" aria-labelledby={labelId} className={styles.value}>
          {view.value}
        </span>
      )}
    </div>
  );
}
