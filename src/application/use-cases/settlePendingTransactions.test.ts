import { beforeEach, describe, expect, it } from "vitest";
import { FakeStakeBatchGateway } from "../../adapters/fake/fakeStakeBatchGateway";
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
  let batches: FakeStakeBatchGateway;
  let useCase: SettlePendingTransactions;

  beforeEach(() => {
    store = new InMemoryTransactionRecordStore();
    transactions = new FakeTransactionWaiter();
    batches = new FakeStakeBatchGateway();
    useCase = new SettlePendingTransactions({ store, transactions, batches });
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

  it("settles a batch left pending from the wallet's status of it: its record takes the mined hash", async () => {
    const batch = (id: string): TransactionRecord => ({
      batchId: id,
      description: `batch ${id}`,
      status: "pending",
    });
    store.write(key, [batch("0xb2"), batch("0xB1"), record(1, "confirmed")]);
    batches
      .settleNext({ status: "reverted", hash: hash(7) })
      .settleNext({ status: "dropped", hash: undefined });
    const settled = await useCase.execute(key);

    expect(batches.waited).toEqual(["0xb2", "0xB1"]);
    expect(settled.map((s) => [s.id, s.outcome.status])).toEqual([
      ["0xb2", "reverted"],
      ["0xb1", "dropped"],
    ]);
    expect(transactions.waited).toEqual([]);
    expect(store.read(key)).toEqual([
      { ...batch("0xb2"), status: "failed", hash: hash(7) },
      { ...batch("0xB1"), status: "failed" },
      record(1, "confirmed"),
    ]);
  });

  it("a bundle settled partly (approved, not staked) or reported failed without a transaction: failed", async () => {
    const batch = (id: string): TransactionRecord => ({
      batchId: id,
      description: `batch ${id}`,
      status: "pending",
    });
    store.write(key, [batch("0xb4"), batch("0xb3")]);
    batches
      .settleNext({ status: "partial", hash: hash(8), approval: { hash: hash(9), amount: 1n } })
      .settleNext({ status: "failed", hash: undefined });
    await useCase.execute(key);
    expect(store.read(key)).toEqual([
      { ...batch("0xb4"), status: "failed", hash: hash(8) },
      { ...batch("0xb3"), status: "failed" },
    ]);
  });

  it("skips a batch a flow is waiting on, by its id in lower case", async () => {
    store.write(key, [{ batchId: "0xAB", description: "batch", status: "pending" }]);
    expect(await useCase.execute(key, new Set(["0xab"]))).toEqual([]);
    expect(batches.waited).toEqual([]);
  });
});
