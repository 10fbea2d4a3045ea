import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryTransactionRecordStore } from "../../adapters/fake/inMemoryTransactionRecordStore";
import { toAddress } from "../../domain/address";
import type { TransactionRecord } from "../../domain/transactionRecord";
import type { TransactionRecordKey } from "../ports/transactionRecordStore";
import { RecordTransaction } from "./recordTransaction";

const key: TransactionRecordKey = { account: toAddress(`0x${"aB".repeat(20)}`), chainId: 31337 };
const hash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, "0")}`;
const record = (n: number, status: TransactionRecord["status"] = "pending"): TransactionRecord => ({
  hash: hash(n),
  description: `tx ${n}`,
  status,
});

describe("RecordTransaction", () => {
  let store: InMemoryTransactionRecordStore;
  let useCase: RecordTransaction;

  beforeEach(() => {
    store = new InMemoryTransactionRecordStore();
    useCase = new RecordTransaction(store);
  });

  it("adds records newest first", () => {
    useCase.execute(key, record(1));
    expect(useCase.execute(key, record(2))).toEqual([record(2), record(1)]);
    expect(store.read(key)).toEqual([record(2), record(1)]);
  });

  it("replaces a record with the same hash instead of duplicating it", () => {
    useCase.execute(key, record(1));
    useCase.execute(key, record(2));
    expect(useCase.execute(key, { ...record(1), description: "again" })).toEqual([
      { ...record(1), description: "again" },
      record(2),
    ]);
  });

  it("drops the oldest settled records beyond 10 but keeps pending ones", () => {
    useCase.execute(key, record(0, "pending"));
    for (let n = 1; n <= 12; n++) useCase.execute(key, record(n, "confirmed"));
    const stored = store.read(key) as TransactionRecord[];
    expect(stored.map((r) => r.hash)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => hash(12 - i)),
      hash(0),
    ]);
  });

  it("keeps records per account and chain, accounts case-insensitive", () => {
    useCase.execute(key, record(1));
    useCase.execute({ ...key, chainId: 11155111 }, record(2));
    const sameAccountOtherCase = { ...key, account: toAddress(key.account.toLowerCase()) };
    expect(store.read(sameAccountOtherCase)).toEqual([record(1)]);
  });

  it("cleans invalid stored entries on the way", () => {
    store.seed(key, [{ hash: "0xbad", description: "x", status: "pending" }, record(1)]);
    expect(useCase.execute(key, record(2))).toEqual([record(2), record(1)]);
  });

  it("refuses to store an invalid record", () => {
    expect(() => useCase.execute(key, { ...record(1), confirmations: 0 })).toThrow(TypeError);
    expect(() => useCase.execute(key, { ...record(1), hash: "0x12" })).toThrow(TypeError);
    expect(store.writes).toEqual([]);
  });
});
