import type { ReactNode } from "react";
import { Dialog } from "../Dialog/Dialog";
import { ProgressBar } from "../ProgressBar/ProgressBar";
import { Spinner } from "../Spinner/Spinner";
import { TransactionLink, type TransactionReference } from "../TransactionLink/TransactionLink";
import styles from "./ProcessingOverlay.module.css";

/** Spec: the progress bar in a modal is 376 px per 100 percent. */
export const MODAL_PROGRESS_SCALE_PX = 376;

export interface ProcessingOverlayProps {
  /**
   * The current step, e.g. "Approving POO…", announced politely when it changes. With `progress`
   * it is the bar's label instead (spec default "Processing...").
   */
  status: string;
  /** A second line, e.g. "Confirm the request in your wallet." */
  detail?: string;
  /** A line that stays while the steps change, e.g. why the flow takes another path. */
  notice?: string;
  title?: string;
  /** Shows a progress bar instead of the spinner. */
  progress?: { value: number; error?: boolean };
  /** The transaction being waited for, linked on the explorer while it is pending. */
  transaction?: TransactionReference;
}

/**
 * Modal shown while something is in flight. It has no close control and ignores Escape: a
 * transaction the wallet already sent cannot be called back, and hiding it would hide the outcome.
 */
export function ProcessingOverlay({
  status,
  detail,
  notice,
  title = "Processing",
  progress,
  transaction,
}: ProcessingOverlayProps): ReactNode {
  return (
    <Dialog title={title} dismissible={false} className={styles.overlay}>
      <div className={styles.body} aria-busy="true">
        {progress ? (
          <ProgressBar
            value={progress.value}
            error={progress.error}
            label={status}
            scalePx={MODAL_PROGRESS_SCALE_PX}
            endText={`${Math.round(progress.value)}%`}
          />
        ) : (
          <Spinner />
        )}
        <div role="status" aria-live="polite" className={styles.status}>
          {progress ? null : <p className={styles.step}>{status}</p>}
          {notice && <p className={styles.detail}>{notice}</p>}
          {detail && <p className={styles.detail}>{detail}</p>}
        </div>
        {transaction && <TransactionLink {...transaction} lead="Follow it on the block explorer" />}
      </div>
    </Dialog>
  );
}
