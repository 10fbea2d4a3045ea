import type { CSSProperties, ReactNode } from "react";
import styles from "./ProgressBar.module.css";

export const DEFAULT_PROGRESS_LABEL = "Processing...";

export interface ProgressBarProps {
  /** Percent done, 0 to 100 (clamped). */
  value: number;
  /** Width of the full bar in px, i.e. px per 100 percent (spec: 220 on a card, 376 in a modal). */
  scalePx: number;
  /** Error style (spec: status error). */
  error?: boolean;
  /** Text above the bar, also its accessible name. */
  label?: string;
  /** Text at the right end of the bar, e.g. "67%" or "300000 POO". */
  endText?: ReactNode;
}

function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * A determinate progress bar. The track is `scalePx` wide but never wider than its container, so
 * the 376 px modal bar still fits a 390 px phone; the fill is a percentage of the track.
 */
export function ProgressBar({
  value,
  scalePx,
  error = false,
  label = DEFAULT_PROGRESS_LABEL,
  endText,
}: ProgressBarProps): ReactNode {
  const percent = clampPercent(value);
  return (
    <div className={styles.root} style={{ "--scale": `${scalePx}px` } as CSSProperties}>
      <div className={styles.header}>
        <span className={styles.label}>{label}</span>
        {endText !== undefined && <span className={styles.end}>{endText}</span>}
      </div>
      <div
        className={error ? `${styles.track} ${styles.error}` : styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={error ? `${percent}%, failed` : `${percent}%`}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
