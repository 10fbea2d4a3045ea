import { describe, expect, it } from "vitest";
import { InMemoryTransactionRecordStore } from "../../adapters/fake/inMemoryTransactionRecordStore";
import { toAddress } from "../../domain/address";
import type { TransactionRecord } from "../../domain/transactionRecord";
import type { TransactionRecordKey, TransactionRecordStore } from "../ports/transactionRecordStore";
import { ListTransactions } from "./listTransactions";

const key: TransactionRecordKey = { account: toAddress(`0x${"34".repeat(20)}`), chainId: 11155111 };
const hash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, "0")}`;
const record = (n: number, status: TransactionRecord["status"]): TransactionRecord => ({
  hash: hash(n),
  description: `tx ${n}`,
  status,
});

describe("ListTransactions", () => {
  it("lists every pending record plus the 10 newest others, newest first", () => {
    const stored = [
      record(30, "confirmed"),
      record(29, "pending"),
      ...Array.from({ length: 14 }, (_, i) => record(28 - i, i % 3 === 0 ? "failed" : "confirmed")),
      record(1, "pending"),
    ];
    const store = new InMemoryTransactionRecordStore().seed(key, stored);
    const listed = new ListTransactions(store).execute(key);
    expect(listed.map((r) => r.hash)).toEqual([
      hash(30),
      hash(29),
      ...Array.from({ length: 9 }, (_, i) => hash(28 - i)),
      hash(1),
    ]);
  });

  it("drops records that fail the schema without throwing", () => {
    const store = new InMemoryTransactionRecordStore().seed(key, [
      record(3, "pending"),
      { hash: hash(2), description: "no status" },
      { ...record(1, "confirmed"), confirmations: 0 },
      "garbage",
    ]);
    expect(new ListTransactions(store).execute(key)).toEqual([record(3, "pending")]);
  });

  it.each<[string, unknown]>([
    ["nothing stored", undefined],
    ["a non-array", { records: [] }],
  ])("is empty for %s", (_name, raw) => {
    const store = new InMemoryTransactionRecordStore();
    if (raw !== undefined) store.seed(key, raw);
    expect(new ListTransactions(store).execute(key)).toEqual([]);
  });

  it("is empty when the store cannot be read", () => {
    const broken: TransactionRecordStore = {
      read: () => {
        throw new Error("SecurityError: storage disabled");
      },
      write: () => undefined,
    };
    expect(new ListTransactions(broken).execute(key)).toEqual([]);
  });

  it("keeps accounts and chains apart", () => {
    const store = new InMemoryTransactionRecordStore().seed(key, [record(1, "pending")]);
    expect(new ListTransactions(store).execute({ ...key, chainId: 1 })).toEqual([]);
  });
});
