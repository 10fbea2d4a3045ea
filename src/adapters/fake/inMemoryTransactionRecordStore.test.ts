import { describe, expect, it } from "vitest";
import { toAddress } from "../../domain/address";
import type { TransactionRecord } from "../../domain/transactionRecord";
import { InMemoryTransactionRecordStore } from "./inMemoryTransactionRecordStore";

const key = { account: toAddress(`0x${"aB".repeat(20)}`), chainId: 31337 };
const record: TransactionRecord = { hash: `0x${"0".repeat(64)}`, description: "Stake", status: "pending" };

describe("InMemoryTransactionRecordStore", () => {
  it("hands out copies, like parsed storage", () => {
    const store = new InMemoryTransactionRecordStore();
    store.write(key, [record]);
    const read = store.read(key) as TransactionRecord[];
    read.push(record);
    expect(store.read(key)).toEqual([record]);
  });

  it("keys by chain and lower-cased account", () => {
    const store = new InMemoryTransactionRecordStore().seed(key, "raw");
    expect(store.read({ ...key, account: toAddress(key.account.toUpperCase().replace("0X", "0x")) })).toBe(
      "raw",
    );
    expect(store.read({ ...key, chainId: 1 })).toBeUndefined();
  });
});
