import { useId, type ReactNode } from "react";
import { shortenAddress } from "../../../domain/displayFormat";
import { Button } from "../Button/Button";
import { Dialog } from "../Dialog/Dialog";
import styles from "./ResultDialog.module.css";
import { transactionUrl } from "./transactionUrl";

export type ResultOutcome = "success" | "error";

export interface ResultTransaction {
  hash: string;
  /** The chain's block explorer; undefined when the chain has none (the local chain). */
  explorerUrl: string | undefined;
}

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
      {transaction && <TransactionReference {...transaction} />}
      <div className={styles.actions}>
        <Button onClick={onDismiss} width="xl">
          Dismiss
        </Button>
      </div>
    </Dialog>
  );
}

function TransactionReference({ hash, explorerUrl }: ResultTransaction): ReactNode {
  if (explorerUrl === undefined) {
    return (
      <p className={styles.transaction}>
        Transaction <code title={hash}>{shortenAddress(hash)}</code>
      </p>
    );
  }
  return (
    <p className={styles.transaction}>
      View the transaction on the block explorer{" "}
      <a href={transactionUrl(explorerUrl, hash)} target="_blank" rel="noopener noreferrer">
        here
      </a>
      .
    </p>
  );
}
