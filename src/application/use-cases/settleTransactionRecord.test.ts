import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryTransactionRecordStore } from "../../adapters/fake/inMemoryTransactionRecordStore";
import { toAddress } from "../../domain/address";
import type { TransactionRecord } from "../../domain/transactionRecord";
import type { TransactionRecordKey } from "../ports/transactionRecordStore";
import { SettleTransactionRecord } from "./settleTransactionRecord";

const key: TransactionRecordKey = { account: toAddress(`0x${"aB".repeat(20)}`), chainId: 11155111 };
const hash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, "0")}`;
const pending = (n: number): TransactionRecord => ({
  hash: hash(n),
  description: `tx ${n}`,
  status: "pending",
  nonce: n,
});

describe("SettleTransactionRecord", () => {
  let store: InMemoryTransactionRecordStore;
  let useCase: SettleTransactionRecord;

  beforeEach(() => {
    store = new InMemoryTransactionRecordStore();
    store.write(key, [pending(2), pending(1)]);
    useCase = new SettleTransactionRecord(store);
  });

  it.each<[TransactionRecord["status"], "success" | "reverted" | "cancelled" | "replaced"]>([
    ["confirmed", "success"],
    ["failed", "reverted"],
  ])("%s from a %s receipt, in place", (status, outcome) => {
    expect(useCase.execute(key, hash(1), { status: outcome, hash: hash(1) })).toBe(true);
    expect(store.read(key)).toEqual([pending(2), { ...pending(1), status }]);
  });

  it("a sped-up transaction moves to the mined hash and keeps the one sent", () => {
    useCase.execute(key, hash(1), { status: "success", hash: hash(9) });
    expect(store.read(key)).toEqual([
      pending(2),
      { ...pending(1), status: "confirmed", hash: hash(9), replacedHash: hash(1) },
    ]);
  });

  it("a cancelled one is cancelled under the cancel's hash, never confirmed", () => {
    useCase.execute(key, hash(2), { status: "cancelled", hash: hash(8) });
    expect(store.read(key)).toEqual([
      { ...pending(2), status: "cancelled", hash: hash(8), replacedHash: hash(2) },
      pending(1),
    ]);
  });

  it("a replaced one whose replacement is unknown keeps its hash", () => {
    useCase.execute(key, hash(2), { status: "replaced", hash: hash(2) });
    expect(store.read(key)).toEqual([{ ...pending(2), status: "replaced" }, pending(1)]);
  });

  it("writes nothing for an unknown hash", () => {
    expect(useCase.execute(key, hash(7), { status: "success", hash: hash(7) })).toBe(false);
    expect(store.read(key)).toEqual([pending(2), pending(1)]);
  });
});
