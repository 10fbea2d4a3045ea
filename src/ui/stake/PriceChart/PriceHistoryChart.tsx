import { useId, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { formatUsd } from "../../../domain/displayFormat";
import type { PriceHistory, PriceHistoryPeriod, PricePoint } from "../../../domain/priceHistory";
import {
  closePerBucket,
  formatPercentChange,
  nearestIndex,
  niceTicks,
  priceChange,
  timeTicks,
} from "./chartMath";
import styles from "./PriceHistoryChart.module.css";

const WIDTH = 320;
const HEIGHT = 120;
const DAY_MS = 86_400_000;
const PERIOD_NAMES: Record<PriceHistoryPeriod, string> = {
  "1M": "1 month",
  "2M": "2 months",
  "3M": "3 months",
};

export interface PriceHistoryChartProps {
  period: PriceHistoryPeriod;
  /** Undefined while the first answer loads or when it failed. */
  history: PriceHistory | undefined;
  failed: boolean;
  /** The current POO price, marked on the chart when known. */
  currentUsd: number | undefined;
}

// Dates in the UI's language (English, "Nov 24" and "Nov 24, 2026"), in the visitor's time zone, without
// Intl: the chart is the first thing on the Stake page to format with Intl, and Chrome's first Intl
// formatter loads ICU's data, a long task after first paint on a phone (about 0.1 s of Lighthouse's
// mobile TBT, bench/README.md).
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthAndDay = (date: Date): string => `${MONTHS[date.getMonth()]} ${date.getDate()}`;
const shortDate = (ms: number): string => monthAndDay(new Date(ms));
const longDate = (ms: number): string => {
  const date = new Date(ms);
  return `${monthAndDay(date)}, ${date.getFullYear()}`;
};
const usd = (value: number): string => formatUsd(value) ?? "—";

/** What the tooltip and the screen reader say for one point. */
export function pointText(point: PricePoint): string {
  return `${longDate(point.t.getTime())}: ${usd(point.usd)}`;
}

/**
 * The POO price over the period, one point per day (the day's last recorded price), drawn by hand in
 * SVG: price and date axes, the current price as a dashed line, the change over the period, and a
 * tooltip for the point under the pointer. The plot is focusable: the arrow keys move between points
 * (Home and End jump to the ends) and each point's date and price are announced.
 */
export function PriceHistoryChart({
  period,
  history,
  failed,
  currentUsd,
}: PriceHistoryChartProps): ReactNode {
  const hintId = useId();
  const [active, setActive] = useState<number | undefined>(undefined);

  if (!history) {
    return (
      <div className={styles.box}>
        <p className={styles.empty}>
          {failed ? "The price history is unavailable right now." : "Loading price history…"}
        </p>
      </div>
    );
  }

  const fromMs = history.from.getTime();
  const toMs = history.to.getTime();
  const points = closePerBucket(
    history.points,
    fromMs,
    toMs,
    Math.max(1, Math.round((toMs - fromMs) / DAY_MS)),
  );
  const firstAt = history.firstPointAt?.getTime() ?? points[0]?.t.getTime();
  const startsLate = firstAt !== undefined && firstAt > fromMs + DAY_MS;
  const sample = history.sample ? (
    <p className={styles.sample} title="Made-up prices the local stack seeds so the chart is not empty">
      Sample data{history.sampleUntil ? ` until ${longDate(history.sampleUntil.getTime())}` : ""}
    </p>
  ) : null;

  if (points.length < 2) {
    return (
      <div className={styles.box} data-testid="price-history">
        {sample}
        <p className={styles.empty}>
          {firstAt === undefined
            ? "No price history yet: it starts with the first recorded price."
            : `History starts on ${longDate(firstAt)}.`}
        </p>
      </div>
    );
  }

  const change = priceChange(points);
  const values = points.map((p) => p.usd);
  const marked =
    currentUsd !== undefined && Number.isFinite(currentUsd) && currentUsd > 0 ? currentUsd : undefined;
  const ticks = niceTicks(
    Math.min(...values, marked ?? Infinity),
    Math.max(...values, marked ?? -Infinity),
    4,
  );
  const low = ticks[0] ?? Math.min(...values);
  const high = ticks.at(-1) ?? Math.max(...values);
  const x = (ms: number): number => ((ms - fromMs) / (toMs - fromMs)) * WIDTH;
  const y = (value: number): number =>
    high === low ? HEIGHT / 2 : HEIGHT - ((value - low) / (high - low)) * HEIGHT;
  const line = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${x(p.t.getTime()).toFixed(1)} ${y(p.usd).toFixed(1)}`)
    .join(" ");
  const first = points[0]!;
  const last = points.at(-1)!;
  const area = `${line} L${x(last.t.getTime()).toFixed(1)} ${HEIGHT} L${x(first.t.getTime()).toFixed(1)} ${HEIGHT} Z`;
  const activePoint = active === undefined ? undefined : points[Math.min(active, points.length - 1)];

  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const index = nearestIndex(points, fromMs + fraction * (toMs - fromMs));
    if (index >= 0) setActive(index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const current = active ?? points.length - 1;
    const next: Record<string, number> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowDown: Math.max(0, current - 1),
      ArrowRight: Math.min(points.length - 1, current + 1),
      ArrowUp: Math.min(points.length - 1, current + 1),
      Home: 0,
      End: points.length - 1,
    };
    if (event.key === "Escape") {
      setActive(undefined);
      return;
    }
    if (next[event.key] === undefined) return;
    event.preventDefault();
    setActive(next[event.key]);
  };

  return (
    <div className={styles.box} data-testid="price-history">
      <div className={styles.summary}>
        {change && (
          <p className={styles.change} data-direction={change.percent >= 0 ? "up" : "down"}>
            <span className="visually-hidden">Change over {PERIOD_NAMES[period]}: </span>
            <span data-testid="price-change">{formatPercentChange(change.percent)}</span>{" "}
            <span className={styles.muted} aria-hidden="true">
              over {period}
            </span>
          </p>
        )}
        {sample}
      </div>
      <div className={styles.plotRow}>
        <div className={styles.yAxis} aria-hidden="true">
          {ticks
            .slice()
            .reverse()
            .map((tick) => (
              <span key={tick} style={{ top: `${(y(tick) / HEIGHT) * 100}%` }}>
                {usd(tick)}
              </span>
            ))}
        </div>
        <div
          className={styles.plot}
          tabIndex={0}
          role="group"
          aria-roledescription="chart"
          aria-label={`POO price over the last ${PERIOD_NAMES[period]}, ${points.length} days, from ${usd(first.usd)} to ${usd(last.usd)}`}
          aria-describedby={hintId}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(undefined)}
          onKeyDown={onKeyDown}
          onFocus={() => setActive((a) => a ?? points.length - 1)}
          onBlur={() => setActive(undefined)}
        >
          <svg
            className={styles.svg}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            data-point-count={points.length}
          >
            {ticks.map((tick) => (
              <line key={tick} className={styles.grid} x1={0} x2={WIDTH} y1={y(tick)} y2={y(tick)} />
            ))}
            <path className={styles.area} d={area} />
            <path className={styles.line} d={line} />
            {marked !== undefined && (
              <line
                className={styles.now}
                data-testid="current-price-line"
                x1={0}
                x2={WIDTH}
                y1={y(marked)}
                y2={y(marked)}
              />
            )}
            {activePoint && (
              <line
                className={styles.cursor}
                x1={x(activePoint.t.getTime())}
                x2={x(activePoint.t.getTime())}
                y1={0}
                y2={HEIGHT}
              />
            )}
          </svg>
          {marked !== undefined && (
            <span className={styles.nowLabel} style={{ top: `${(y(marked) / HEIGHT) * 100}%` }}>
              Now {usd(marked)}
            </span>
          )}
          {activePoint && (
            <span
              className={styles.dot}
              style={{
                left: `${(x(activePoint.t.getTime()) / WIDTH) * 100}%`,
                top: `${(y(activePoint.usd) / HEIGHT) * 100}%`,
              }}
            />
          )}
          <div
            className={styles.tooltip}
            role="status"
            data-testid="chart-tooltip"
            hidden={!activePoint}
            style={
              activePoint
                ? { left: `${Math.min(70, Math.max(0, (x(activePoint.t.getTime()) / WIDTH) * 100 - 15))}%` }
                : undefined
            }
          >
            {activePoint ? pointText(activePoint) : ""}
          </div>
        </div>
      </div>
      <div className={styles.xAxis} aria-hidden="true">
        {timeTicks(fromMs, toMs, 4).map((tick) => (
          <span key={tick}>{shortDate(tick)}</span>
        ))}
      </div>
      <p id={hintId} className="visually-hidden">
        Use the left and right arrow keys to read each day&apos;s price.
      </p>
      {startsLate && firstAt !== undefined && (
        <p className={styles.note}>History starts on {longDate(firstAt)}.</p>
      )}
    </div>
  );
}
