import { useId, type ReactNode } from "react";
import { Button } from "../../components/Button/Button";
import { Dialog } from "../../components/Dialog/Dialog";
import { MODAL_PROGRESS_SCALE_PX } from "../../components/ProcessingOverlay/ProcessingOverlay";
import { DEFAULT_PROGRESS_LABEL, ProgressBar } from "../../components/ProgressBar/ProgressBar";
import styles from "./ProcessingModal.module.css";

/** Spec: the right end of the bar shows the value, or this default total. */
export const DEFAULT_PROCESSING_VALUE = "300000 POO";

export type ProcessingStatus = "processing" | "error";

export interface ProcessingModalProps {
  /** Percent done, 0 to 100. */
  progress: number;
  /** The bar's label and accessible name; defaults to "Processing...". */
  label?: string;
  /** "error" gives the bar its error style and shows `message` as an alert with a Dismiss button. */
  status?: ProcessingStatus;
  /** Text at the right end of the bar; defaults to "300000 POO". */
  value?: string;
  title?: string;
  /** A line under the bar: what is happening, or what went wrong. */
  message?: string;
  /** Offered (with Escape) only on error; while processing the modal cannot be closed. */
  onDismiss?: () => void;
}

/** The launch page's processing modal: a 376 px progress bar with a label and a value at its end. */
export function ProcessingModal({
  progress,
  label = DEFAULT_PROGRESS_LABEL,
  status = "processing",
  value = DEFAULT_PROCESSING_VALUE,
  title = "Processing",
  message,
  onDismiss,
}: ProcessingModalProps): ReactNode {
  const messageId = useId();
  const failed = status === "error";
  return (
    <Dialog
      title={title}
      dismissible={failed}
      onClose={onDismiss}
      role={failed ? "alertdialog" : "dialog"}
      describedBy={message === undefined ? undefined : messageId}
    >
      <div className={styles.body} aria-busy={!failed}>
        <ProgressBar
          value={progress}
          scalePx={MODAL_PROGRESS_SCALE_PX}
          label={label}
          error={failed}
          endText={value}
        />
        <p
          id={messageId}
          className={failed ? styles.error : styles.message}
          role={failed ? "alert" : "status"}
        >
          {message}
        </p>
        {failed && onDismiss && (
          <div className={styles.actions}>
            <Button width="xl" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
