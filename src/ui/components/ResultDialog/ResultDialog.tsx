import { useId, type ReactNode } from "react";
import { Button } from "../Button/Button";
import { Dialog } from "../Dialog/Dialog";
import { TransactionLink, type TransactionReference } from "../TransactionLink/TransactionLink";
import styles from "./ResultDialog.module.css";

export type ResultOutcome = "success" | "error";

export type ResultTransaction = TransactionReference;

export interface ResultDialogProps {
  outcome: ResultOutcome;
  message: string;
  transaction?: ResultTransaction;
  onDismiss: () => void;
}

const TITLES: Record<ResultOutcome, string> = { success: "Success", error: "Error" };

/** The outcome of an action: titled Success or Error, the message, the transaction, Dismiss. */
export function ResultDialog({ outcome, message, transaction, onDismiss }: ResultDialogProps): ReactNode {
  const messageId = useId();
  return (
    <Dialog
      title={TITLES[outcome]}
      onClose={onDismiss}
      describedBy={messageId}
      role={outcome === "error" ? "alertdialog" : "dialog"}
      className={outcome === "error" ? styles.error : styles.success}
    >
      <p id={messageId} className={styles.message}>
        {message}
      </p>
      {transaction && <TransactionLink {...transaction} />}
      <div className={styles.actions}>
        <Button onClick={onDismiss} width="xl">
          Dismiss
        </Button>
      </div>
    </Dialog>
  );
}
