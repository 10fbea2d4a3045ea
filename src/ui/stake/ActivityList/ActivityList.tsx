import { useId, useState, type ReactNode } from "react";
import type { ActivityEntry } from "../../../domain/stakeActivity";
import { TransactionLink } from "../../components/TransactionLink/TransactionLink";
import { ACTIVITY_LABELS, activityAmountText } from "../../../domain/stakeActivityText";
import styles from "./ActivityList.module.css";

/** The list shows this many at first; "Show all" shows the rest. */
export const ACTIVITY_SHOWN = 5;

export interface ActivityListProps {
  entries: readonly ActivityEntry[] | undefined;
  /** Why the list, or part of it, could not be read; undefined when it could (or is loading). */
  error: string | undefined;
  explorerUrl: string | undefined;
}

const dateText = (date: Date): string =>
  date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "Your activity": the account's stakes, unstakes and rewards, newest first, read from the chain. */
export function ActivityList({ entries, error, explorerUrl }: ActivityListProps): ReactNode {
  const headingId = useId();
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? entries : entries?.slice(0, ACTIVITY_SHOWN);

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="activity">
      <h2 id={headingId} className={styles.heading}>
        Your activity
      </h2>
      {entries === undefined ? (
        <p className={styles.muted} role="status">
          {error ?? "Reading your activity from the chain…"}
        </p>
      ) : entries.length === 0 ? (
        // With nothing to show and part of the history unread, "none yet" would be a guess.
        <p className={styles.muted} role={error ? "status" : undefined}>
          {error ?? "No stakes, unstakes or rewards on this network yet."}
        </p>
      ) : (
        <>
          <ul id={listId} className={styles.list}>
            {shown?.map((entry) => (
              <li
                key={`${entry.hash}:${entry.logIndex}`}
                className={styles.row}
                data-kind={entry.kind}
                data-hash={entry.hash}
              >
                <span className={styles.kind}>{ACTIVITY_LABELS[entry.kind]}</span>
                <span className={styles.amount}>{activityAmountText(entry)}</span>
                {entry.timestamp ? (
                  <time className={styles.date} dateTime={entry.timestamp.toISOString()}>
                    {dateText(entry.timestamp)}
                  </time>
                ) : (
                  <span className={styles.date}>Block {entry.blockNumber.toString()}</span>
                )}
                <span className={styles.link}>
                  <TransactionLink hash={entry.hash} explorerUrl={explorerUrl} lead="View it" />
                </span>
              </li>
            ))}
          </ul>
          {entries.length > ACTIVITY_SHOWN && (
            <button
              type="button"
              className={styles.more}
              aria-expanded={showAll}
              aria-controls={listId}
              onClick={() => setShowAll((all) => !all)}
            >
              {showAll ? "Show fewer" : `Show all (${entries.length})`}
            </button>
          )}
          {error && (
            <p className={styles.muted} role="status">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
