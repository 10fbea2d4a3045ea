import { describe, expect, it } from "vitest";
import { retainTransactionRecords, SETTLED_TRANSACTIONS_KEPT } from "./retainTransactionRecords";
import type { TransactionRecord, TransactionStatus } from "./transactionRecord";

const record = (n: number, status: TransactionStatus): TransactionRecord => ({
  hash: `0x${n.toString(16).padStart(64, "0")}`,
  description: `tx ${n}`,
  status,
});

describe("retainTransactionRecords", () => {
  it("keeps every pending record and the 10 newest settled ones, in order", () => {
    const newestFirst = [
      record(20, "pending"),
      ...Array.from({ length: 12 }, (_, i) => record(19 - i, i % 2 === 0 ? "confirmed" : "failed")),
      record(1, "pending"),
    ];
    const kept = retainTransactionRecords(newestFirst);
    expect(SETTLED_TRANSACTIONS_KEPT).toBe(10);
    expect(kept.map((r) => r.description)).toEqual([
      "tx 20",
      ...Array.from({ length: 10 }, (_, i) => `tx ${19 - i}`),
      "tx 1",
    ]);
  });

  it("leaves short lists alone", () => {
    const records = [record(2, "confirmed"), record(1, "failed")];
    expect(retainTransactionRecords(records)).toEqual(records);
  });

  it("takes another limit", () => {
    expect(
      retainTransactionRecords([record(3, "confirmed"), record(2, "pending"), record(1, "confirmed")], 1),
    ).toEqual([record(3, "confirmed"), record(2, "pending")]);
  });
});
