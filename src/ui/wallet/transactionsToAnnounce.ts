import type { TransactionRecord } from "../../domain/transactionRecord";

/** RainbowKit's account modal lists this many recent transactions (spec section 9). */
export const RECENT_TRANSACTIONS_SHOWN = 3;

/**
 * The records to hand to RainbowKit's recent-transactions list, oldest first (it puts each added
 * one on top). `records` is the app's list, newest first. Records already handed over are skipped;
 * on the first sync of an account (`announced` undefined) only the newest few are sent, which is
 * all the account modal shows.
 */
export function transactionsToAnnounce(
  records: readonly TransactionRecord[],
  announced: ReadonlySet<string> | undefined,
  shown: number = RECENT_TRANSACTIONS_SHOWN,
): TransactionRecord[] {
  const fresh =
    announced === undefined
      ? records.slice(0, shown)
      : records.filter((record) => !announced.has(record.hash.toLowerCase()));
  return [...fresh].reverse();
}
