import { beforeEach, describe, expect, it } from "vitest";
import { FakeTransactionWaiter } from "../../adapters/fake/fakeTransactionWaiter";
import { InMemoryTransactionRecordStore } from "../../adapters/fake/inMemoryTransactionRecordStore";
import { toAddress } from "../../domain/address";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import type { TransactionRecord } from "../../domain/transactionRecord";
import type { TransactionRecordKey } from "../ports/transactionRecordStore";
import { SettlePendingTransactions } from "./settlePendingTransactions";

const key: TransactionRecordKey = { account: toAddress(`0x${"aB".repeat(20)}`), chainId: 11155111 };
const hash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, "0")}`;
const record = (
  n: number,
  status: TransactionRecord["status"],
  extra: Partial<TransactionRecord> = {},
): TransactionRecord => ({
  hash: hash(n),
  description: `tx ${n}`,
  status,
  ...extra,
});

describe("SettlePendingTransactions", () => {
  let store: InMemoryTransactionRecordStore;
  let transactions: FakeTransactionWaiter;
  let useCase: SettlePendingTransactions;

  beforeEach(() => {
    store = new InMemoryTransactionRecordStore();
    transactions = new FakeTransactionWaiter();
    useCase = new SettlePendingTransactions({ store, transactions });
  });

  it("settles each pending record from its own outcome, on the record's chain, with its sender and nonce", async () => {
    // An approval left pending by a stake that was then rejected, and an older confirmed one.
    store.write(key, [
      record(3, "pending", { nonce: 7, to: `0x${"12".repeat(20)}`, input: "0x095ea7b3" }),
      record(2, "pending"),
      record(1, "confirmed"),
    ]);
    transactions.settle(hash(3), "success").settle(hash(2), "cancelled");
    const settled = await useCase.execute(key);

    expect(settled.map((s) => s.outcome.status).sort()).toEqual(["cancelled", "success"]);
    expect(transactions.waits.map((w) => [w.hash, w.chainId])).toEqual([
      [hash(3), 11155111],
      [hash(2), 11155111],
    ]);
    expect(transactions.waits[0]?.options?.known).toEqual({
      from: key.account,
      nonce: 7,
      value: 0n,
      to: `0x${"12".repeat(20)}`,
      input: "0x095ea7b3",
    });
    expect(transactions.waits[1]?.options?.known).toBeUndefined();
    const records = store.read(key) as TransactionRecord[];
    expect(records.map((r) => r.status)).toEqual(["confirmed", "cancelled", "confirmed"]);
  });

  it("leaves a record pending when its wait fails, and skips those a flow is waiting on", async () => {
    store.write(key, [record(2, "pending"), record(1, "pending")]);
    transactions.failNext(new RpcUnavailableError());
    const settled = await useCase.execute(key, new Set([hash(1)]));
    expect(settled).toEqual([]);
    expect(transactions.waited).toEqual([hash(2)]);
    expect((store.read(key) as TransactionRecord[]).map((r) => r.status)).toEqual(["pending", "pending"]);
  });
});
