import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryTransactionRecordStore } from "../../adapters/fake/inMemoryTransactionRecordStore";
import { toAddress } from "../../domain/address";
import type { TransactionRecord } from "../../domain/transactionRecord";
import type { TransactionRecordKey } from "../ports/transactionRecordStore";
import { UpdateTransactionStatus } from "./updateTransactionStatus";

const key: TransactionRecordKey = { account: toAddress(`0x${"12".repeat(20)}`), chainId: 31337 };
const hash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, "0")}`;
const record = (n: number, status: TransactionRecord["status"]): TransactionRecord => ({
  hash: hash(n),
  description: `tx ${n}`,
  status,
});

describe("UpdateTransactionStatus", () => {
  let store: InMemoryTransactionRecordStore;
  let useCase: UpdateTransactionStatus;

  beforeEach(() => {
    store = new InMemoryTransactionRecordStore();
    useCase = new UpdateTransactionStatus(store);
  });

  it("updates status and confirmations in place", () => {
    store.seed(key, [record(2, "pending"), record(1, "pending")]);
    expect(useCase.execute(key, hash(1), { status: "confirmed", confirmations: 1 })).toBe(true);
    expect(store.read(key)).toEqual([record(2, "pending"), { ...record(1, "confirmed"), confirmations: 1 }]);
  });

  it("finds the hash whatever its case", () => {
    store.seed(key, [{ ...record(1, "pending"), hash: `0x${"AB".repeat(32)}` }]);
    expect(useCase.execute(key, `0x${"ab".repeat(32)}`, { status: "failed" })).toBe(true);
    expect(store.read(key)).toMatchObject([{ status: "failed" }]);
  });

  it("writes nothing for an unknown hash", () => {
    store.seed(key, [record(1, "pending")]);
    expect(useCase.execute(key, hash(9), { status: "confirmed" })).toBe(false);
    expect(store.writes).toEqual([]);
  });

  it("re-applies the retention rule once a pending record settles", () => {
    const settled = Array.from({ length: 10 }, (_, i) => record(20 - i, "confirmed"));
    store.seed(key, [...settled, record(1, "pending")]);
    useCase.execute(key, hash(1), { status: "confirmed" });
    expect((store.read(key) as TransactionRecord[]).map((r) => r.hash)).toEqual(settled.map((r) => r.hash));
  });

  it.each([0, 1.5, -1])("refuses %s confirmations", (confirmations) => {
    store.seed(key, [record(1, "pending")]);
    expect(() => useCase.execute(key, hash(1), { status: "confirmed", confirmations })).toThrow(TypeError);
    expect(store.writes).toEqual([]);
  });
});
