import type { TransactionRecord } from "../../domain/transactionRecord";

/** RainbowKit's account modal lists this many recent transactions (spec section 9). */
export const RECENT_TRANSACTIONS_SHOWN = 3;

/** What RainbowKit is handed for a record: the hash it will look up, and the line it shows. */
export interface AnnouncedTransaction {
  readonly hash: string;
  readonly description: string;
  readonly confirmations?: number;
}

/**
 * RainbowKit looks each hash up itself and shows the receipt's status, following a replaced
 * transaction to its replacement: a stake cancelled in the wallet would show as "Confirmed" (the
 * cancel was). So it is handed only settled records, under the hash that was mined, and a cancelled
 * one says so in its description. A record replaced by a transaction nobody saw has nothing to look
 * up and is left out, as is a batch the wallet never put on chain.
 */
function announced(record: TransactionRecord): AnnouncedTransaction | undefined {
  // A batch the wallet dropped has no transaction to look up either.
  if (record.status === "pending" || record.status === "replaced" || record.hash === undefined)
    return undefined;
  const description =
    record.status === "cancelled" ? `${record.description} (cancelled in your wallet)` : record.description;
  return {
    hash: record.hash,
    description,
    ...(record.confirmations === undefined ? {} : { confirmations: record.confirmations }),
  };
}

/**
 * The records to hand to RainbowKit's recent-transactions list, oldest first (it puts each added
 * one on top). `records` is the app's list, newest first. Records already handed over are skipped;
 * on the first sync of an account (`handedOver` undefined) only the newest few are sent, which is
 * all the account modal shows.
 */
export function transactionsToAnnounce(
  records: readonly TransactionRecord[],
  handedOver: ReadonlySet<string> | undefined,
  shown: number = RECENT_TRANSACTIONS_SHOWN,
): AnnouncedTransaction[] {
  const settled = records
    .map(announced)
    .filter((entry): entry is AnnouncedTransaction => entry !== undefined);
  const fresh =
    handedOver === undefined
      ? settled.slice(0, shown)
      : settled.filter((entry) => !handedOver.has(entry.hash.toLowerCase()));
  return [...fresh].reverse();
}

/**
 * Lines of the account's on-chain staking activity (newest first) to hand to RainbowKit, oldest
 * first: those not handed over yet, and on the first sync of an account only the newest few.
 */
export function chainActivityToAnnounce(
  lines: ReadonlyArray<{ readonly hash: string; readonly description: string }>,
  handedOver: ReadonlySet<string> | undefined,
  shown: number = RECENT_TRANSACTIONS_SHOWN,
): AnnouncedTransaction[] {
  const fresh = lines.filter((line) => !handedOver?.has(line.hash.toLowerCase())).slice(0, shown);
  return fresh.map(({ hash, description }) => ({ hash, description })).reverse();
}
