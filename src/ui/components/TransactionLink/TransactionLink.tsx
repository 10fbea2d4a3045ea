import type { ReactNode } from "react";
import { shortenAddress } from "../../../domain/displayFormat";
import styles from "./TransactionLink.module.css";
import { transactionUrl } from "./transactionUrl";

export interface TransactionReference {
  hash: string;
  /** The chain's block explorer; undefined when the chain has none. */
  explorerUrl: string | undefined;
}

export interface TransactionLinkProps extends TransactionReference {
  /** The sentence before the link; default "View the transaction on the block explorer". */
  lead?: string;
}

/**
 * The spec's link labelled "here" to a transaction on the chain's explorer (a new tab), or the
 * shortened hash when the chain has no explorer.
 */
export function TransactionLink({
  hash,
  explorerUrl,
  lead = "View the transaction on the block explorer",
}: TransactionLinkProps): ReactNode {
  if (explorerUrl === undefined) {
    return (
      <p className={styles.transaction}>
        Transaction <code title={hash}>{shortenAddress(hash)}</code>
      </p>
    );
  }
  return (
    <p className={styles.transaction}>
      {lead}{" "}
      <a href={transactionUrl(explorerUrl, hash)} target="_blank" rel="noopener noreferrer">
        here
      </a>
      .
    </p>
  );
}
