import { describe, expect, it } from "vitest";
import type { TransactionRecord } from "../../domain/transactionRecord";
import { transactionsToAnnounce } from "./transactionsToAnnounce";

const record = (n: number): TransactionRecord => ({
  hash: `0x${n.toString(16).padStart(64, "0")}`,
  description: `Stake ${n} POO`,
  status: "confirmed",
});
// Newest first, like ListTransactions.
const records = [record(5), record(4), record(3), record(2), record(1)];

describe("transactionsToAnnounce", () => {
  it("hands over the newest three on the first sync, oldest first so the newest ends on top", () => {
    expect(transactionsToAnnounce(records, undefined).map((r) => r.description)).toEqual([
      "Stake 3 POO",
      "Stake 4 POO",
      "Stake 5 POO",
    ]);
  });

  it("then only the records not handed over yet, whatever the hash's case", () => {
    const announced = new Set(records.map((r) => r.hash.toLowerCase()));
    const approve: TransactionRecord = { ...record(7), hash: `0x${record(7).hash.slice(2).toUpperCase()}` };
    const stake = record(8);
    expect(transactionsToAnnounce([stake, approve, ...records], announced)).toEqual([approve, stake]);
    expect(transactionsToAnnounce(records, announced)).toEqual([]);
  });
});
