import { listPendingTransactions } from "../../domain/listPendingTransactions";
import type { TransactionHash } from "../../domain/transactionHash";
import { toAddress } from "../../domain/address";
import type { TransactionRecordKey, TransactionRecordStore } from "../ports/transactionRecordStore";
import type { TransactionOutcome, TransactionWaiter } from "../ports/transactionWaiter";
import { SettleTransactionRecord } from "./settleTransactionRecord";

export interface SettlePendingTransactionsPorts {
  readonly store: TransactionRecordStore;
  readonly transactions: TransactionWaiter;
}

export interface SettledPending {
  readonly hash: TransactionHash;
  readonly outcome: TransactionOutcome;
}

/**
 * Settles the records left pending by an earlier visit (the tab closed or reloaded while a
 * transaction was on its way): each one from its own receipt, or as replaced when its nonce went to
 * another transaction. Records in `skip` (a flow of this page is waiting on them) are left to it.
 * A wait that fails (RPC down, still not mined after the wait's limit) leaves its record pending
 * for the next visit. Resolves with what settled.
 */
export class SettlePendingTransactions {
  private readonly settle: SettleTransactionRecord;

  constructor(private readonly ports: SettlePendingTransactionsPorts) {
    this.settle = new SettleTransactionRecord(ports.store);
  }

  async execute(key: TransactionRecordKey, skip: ReadonlySet<string> = new Set()): Promise<SettledPending[]> {
    const pending = listPendingTransactions(this.ports.store.read(key)).filter(
      (record) => !skip.has(record.hash.toLowerCase()),
    );
    const settled = await Promise.all(
      pending.map(async (record): Promise<SettledPending | undefined> => {
        const known =
          record.nonce === undefined
            ? undefined
            : {
                from: key.account,
                nonce: record.nonce,
                // The app's transactions carry no ETH.
                value: 0n,
                ...(record.to ? { to: toAddress(record.to) } : {}),
                ...(record.input ? { input: record.input as `0x${string}` } : {}),
              };
        try {
          const outcome = await this.ports.transactions.waitForOutcome(record.hash, key.chainId, {
            ...(known ? { known } : {}),
          });
          this.settle.execute(key, record.hash, outcome);
          return { hash: record.hash, outcome };
        } catch {
          return undefined;
        }
      }),
    );
    return settled.filter((entry): entry is SettledPending => entry !== undefined);
  }
}
