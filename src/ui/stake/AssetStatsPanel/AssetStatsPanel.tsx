import { useEffect, useId, useState, type ReactNode } from "react";
import { Button } from "../../components/Button/Button";
import { ProcessingOverlay } from "../../components/ProcessingOverlay/ProcessingOverlay";
import { DEFAULT_PROGRESS_LABEL } from "../../components/ProgressBar/ProgressBar";
import { ResultDialog, type ResultOutcome } from "../../components/ResultDialog/ResultDialog";
import { PRICE_HISTORY_PERIODS, type PriceHistoryPeriod } from "../../../domain/priceHistory";
import { priceText, type PriceView } from "../priceView";
import styles from "./AssetStatsPanel.module.css";

/** Spec section 9: the placeholder Buy and Receive buttons show their result after 4000 ms. */
export const PLACEHOLDER_RESULT_DELAY_MS = 4000;

/** Spec section 8: the fixed texts of the placeholder buttons. */
export const BUY_SUCCESS_MESSAGE =
  "Your POO staking request was successful. View your transaction details on the blockchain below.";
export const RECEIVE_ERROR_MESSAGE =
  "Your POO staking request could not be processed due to an unexpected network or system error. Please try your staking request again.";

type PlaceholderAction = "buy" | "receive";

/** Spec section 2: Buy shows progress 67, Receive an error-styled 37; then a fixed result. */
const PLACEHOLDERS: Record<
  PlaceholderAction,
  { title: string; progress: number; error: boolean; outcome: ResultOutcome; message: string }
> = {
  buy: { title: "Buy POO", progress: 67, error: false, outcome: "success", message: BUY_SUCCESS_MESSAGE },
  receive: {
    title: "Receive POO",
    progress: 37,
    error: true,
    outcome: "error",
    message: RECEIVE_ERROR_MESSAGE,
  },
};

type PlaceholderStep =
  | { step: "idle" }
  | { step: "progress"; action: PlaceholderAction }
  | { step: "result"; action: PlaceholderAction };

export interface AssetStatsPanelProps {
  price: PriceView;
  /** The pool's figures (loaded lazily by the page). */
  pool?: ReactNode;
  /** The price chart for a period (loaded lazily by the page); an empty box without it. */
  renderChart?: (period: PriceHistoryPeriod) => ReactNode;
}

/**
 * The spec's Asset Stats panel: POO price, the pool's figures, the price chart with its period
 * selector, placeholder Buy and Receive.
 */
export function AssetStatsPanel({ price, pool, renderChart }: AssetStatsPanelProps): ReactNode {
  const headingId = useId();
  const priceLabelId = useId();
  const [period, setPeriod] = useState<PriceHistoryPeriod>("1M");
  const [placeholder, setPlaceholder] = useState<PlaceholderStep>({ step: "idle" });

  useEffect(() => {
    if (placeholder.step !== "progress") return;
    const { action } = placeholder;
    const timer = setTimeout(() => setPlaceholder({ step: "result", action }), PLACEHOLDER_RESULT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [placeholder]);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Asset Stats
      </h2>

      <div className={styles.priceRow}>
        <div role="group" aria-labelledby={priceLabelId} className={styles.priceFigure}>
          <span id={priceLabelId} className={styles.priceLabel}>
            POO price
          </span>
          <span className={styles.price} aria-live="polite" data-figure-value="">
            {priceText(price)}
          </span>
          {price.status === "available" && price.stale && (
            <span
              className={styles.stale}
              title="The latest price refresh failed; this is the last known price."
            >
              Last updated{" "}
              {price.updatedAt.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })}
            </span>
          )}
        </div>
        <div className={styles.periods} role="group" aria-label="Chart period">
          {PRICE_HISTORY_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className={styles.period}
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
            >
              {p}
            </button>
          ))}
        </div>
      </div>

      {renderChart ? renderChart(period) : <ChartPlaceholder />}

      {pool}

      <div className={styles.actions}>
        <Button width="xl" onClick={() => setPlaceholder({ step: "progress", action: "buy" })}>
          Buy
        </Button>
        <Button
          variant="secondary"
          width="xl"
          onClick={() => setPlaceholder({ step: "progress", action: "receive" })}
        >
          Receive
        </Button>
      </div>

      {renderPlaceholder(placeholder, () => setPlaceholder({ step: "idle" }))}
    </section>
  );
}

/** The chart's box while there is no chart: empty, or saying what it waits for (the page's Suspense fallback). */
export function ChartPlaceholder({ children }: { children?: ReactNode }): ReactNode {
  return <div className={styles.chartSlot}>{children}</div>;
}

function renderPlaceholder(placeholder: PlaceholderStep, dismiss: () => void): ReactNode {
  switch (placeholder.step) {
    case "idle":
      return null;
    case "progress": {
      const p = PLACEHOLDERS[placeholder.action];
      return (
        <ProcessingOverlay
          title={p.title}
          status={DEFAULT_PROGRESS_LABEL}
          progress={{ value: p.progress, error: p.error }}
        />
      );
    }
    case "result": {
      const p = PLACEHOLDERS[placeholder.action];
      return <ResultDialog outcome={p.outcome} message={p.message} onDismiss={dismiss} />;
    }
  }
}
