import { describe, expect, it } from "vitest";
import type { TransactionRecord } from "../../domain/transactionRecord";
import { chainActivityToAnnounce, transactionsToAnnounce } from "./transactionsToAnnounce";

const hash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, "0")}`;
const record = (
  n: number,
  status: TransactionRecord["status"] = "confirmed",
): TransactionRecord & { hash: `0x${string}` } => ({
  hash: hash(n),
  description: `Stake ${n} POO`,
  status,
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
    expect(transactionsToAnnounce([stake, approve, ...records], announced).map((r) => r.hash)).toEqual([
      approve.hash,
      stake.hash,
    ]);
    expect(transactionsToAnnounce(records, announced)).toEqual([]);
  });

  it("never a pending record (RainbowKit would follow a cancel and call it confirmed), nor one replaced unseen", () => {
    const list = [record(9, "pending"), record(8, "replaced"), record(7, "failed")];
    expect(transactionsToAnnounce(list, new Set())).toEqual([{ hash: hash(7), description: "Stake 7 POO" }]);
  });

  it("never a batch the wallet did not put on chain (no transaction to look up); a mined batch goes", () => {
    const dropped: TransactionRecord = {
      batchId: "0x01",
      description: "Approve and stake 1 POO",
      status: "failed",
    };
    const mined: TransactionRecord = {
      ...record(9),
      batchId: "0x02",
      description: "Approve and stake 9 POO",
    };
    expect(transactionsToAnnounce([mined, dropped], undefined)).toEqual([
      { hash: hash(9), description: "Approve and stake 9 POO" },
    ]);
  });

  it("a cancelled record goes under the cancel's hash and says it was cancelled", () => {
    const cancelled: TransactionRecord = { ...record(6, "cancelled"), replacedHash: hash(60) };
    expect(transactionsToAnnounce([cancelled], new Set())).toEqual([
      { hash: hash(6), description: "Stake 6 POO (cancelled in your wallet)" },
    ]);
  });
});

describe("chainActivityToAnnounce", () => {
  const line = (n: number) => ({ hash: `0x${String(n).padStart(64, "0")}`, description: `line ${n}` });

  it("hands over the newest 3 on the first sync, oldest first, then only new ones", () => {
    const lines = [line(5), line(4), line(3), line(2), line(1)];
    expect(chainActivityToAnnounce(lines, undefined).map((l) => l.description)).toEqual([
      "line 3",
      "line 4",
      "line 5",
    ]);
    // The feed marks every line it saw as handed over, so later syncs hand over only new ones.
    const seen = new Set(lines.map((l) => l.hash));
    expect(chainActivityToAnnounce([line(6), ...lines], seen).map((l) => l.description)).toEqual(["line 6"]);
  });
});
