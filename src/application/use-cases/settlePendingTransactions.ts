import { listPendingTransactions } from "../../domain/listPendingTransactions";
import type { RecordOutcome } from "../../domain/settledTransactionRecord";
import { toAddress } from "../../domain/address";
import type { TransactionRecord } from "../../domain/transactionRecord";
import { transactionRecordKey } from "../../domain/transactionRecordKey";
import type { StakeBatchGateway } from "../ports/stakeBatchGateway";
import type { TransactionRecordKey, TransactionRecordStore } from "../ports/transactionRecordStore";
import type { TransactionWaiter } from "../ports/transactionWaiter";
import { SettleTransactionRecord } from "./settleTransactionRecord";

export interface SettlePendingTransactionsPorts {
  readonly store: TransactionRecordStore;
  readonly transactions: TransactionWaiter;
  /** Settles batch records (asked to the wallet that sent them); without it they stay pending. */
  readonly batches?: Pick<StakeBatchGateway, "waitForBatch">;
}

export interface SettledPending {
  /** The record's key (transactionRecordKey): its hash, or a batch's id. */
  readonly id: string;
  readonly outcome: RecordOutcome;
}

/**
 * Settles the records left pending by an earlier visit (the tab closed or reloaded while a
 * transaction was on its way): each one from its own receipt, or as replaced when its nonce went to
 * another transaction; a batch from the wallet's status of it, checked on the chain. Records in
 * `skip` (keys of records a flow of this page is waiting on) are left to it.
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
      (record) => !skip.has(transactionRecordKey(record)),
    );
    const settled = await Promise.all(
      pending.map(async (record): Promise<SettledPending | undefined> => {
        const id = transactionRecordKey(record);
        try {
          const outcome = await this.outcomeOf(key, record);
          if (outcome === undefined) return undefined;
          this.settle.execute(key, id, outcome);
          return { id, outcome };
        } catch {
          return undefined;
        }
      }),
    );
    return settled.filter((entry): entry is SettledPending => entry !== undefined);
  }

  private async outcomeOf(
    key: TransactionRecordKey,
    record: TransactionRecord,
  ): Promise<RecordOutcome | undefined> {
    if (record.hash === undefined) {
      if (record.batchId === undefined || !this.ports.batches) return undefined;
      return await this.ports.batches.waitForBatch(record.batchId, key);
    }
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
    return await this.ports.transactions.waitForOutcome(record.hash, key.chainId, {
      ...(known ? { known } : {}),
    });
  }
}
