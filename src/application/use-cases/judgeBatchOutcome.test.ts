import { describe, expect, it } from "vitest";
import { fakeTransactionHash } from "../../adapters/fake/fakeTransactionHash";
import { judgeBatchOutcome, type CheckedBatchReceipt } from "./judgeBatchOutcome";

const E18 = 10n ** 18n;
const APPROVED = 150n * E18;

/** A mined transaction as the app's RPC reads it: by default a success that did nothing of ours. */
function receipt(sequence: number, facts: Partial<Omit<CheckedBatchReceipt, "hash">> = {}) {
  return {
    hash: fakeTransactionHash(0xb5, sequence),
    blockNumber: 40n,
    reverted: false,
    staked: false,
    approved: undefined,
    cancel: false,
    ...facts,
  } satisfies CheckedBatchReceipt;
}

/** The atomic batch's one transaction, both calls done. */
const atomic = receipt(1, { staked: true, approved: APPROVED });
/** A bundle's two transactions, mined in one block. */
const approve = receipt(2, { approved: APPROVED });
const stake = receipt(3, { staked: true });
const stakeReverted = receipt(3, { reverted: true });

describe("judgeBatchOutcome: the wallet's status code and every receipt, checked on the chain", () => {
  describe("keeps waiting while the status is not settled", () => {
    it.each([
      ["100 without receipts", 100, []],
      ["100 with a receipt already mined (more may come)", 100, [approve]],
      ["200 without receipts: a wallet's word alone is never a success", 200, []],
    ])("%s", (_, statusCode, receipts) => {
      expect(judgeBatchOutcome({ statusCode, receipts })).toBeUndefined();
    });
  });

  describe("staked when any receipt holds the stake's transfer", () => {
    it("an atomic batch: its one transaction", () => {
      expect(judgeBatchOutcome({ statusCode: 200, receipts: [atomic] })).toEqual({
        outcome: {
          status: "success",
          hash: atomic.hash,
          blockNumber: 40n,
          approval: { hash: atomic.hash, amount: APPROVED },
        },
      });
    });

    it("a bundle: the stake's transaction, the approval's beside it, whatever their order", () => {
      const expected = {
        outcome: {
          status: "success",
          hash: stake.hash,
          blockNumber: 40n,
          approval: { hash: approve.hash, amount: APPROVED },
        },
      };
      expect(judgeBatchOutcome({ statusCode: 200, receipts: [approve, stake] })).toEqual(expected);
      expect(judgeBatchOutcome({ statusCode: 200, receipts: [stake, approve] })).toEqual(expected);
    });

    it("the chain over the wallet's code: a stake mined is a success even when the wallet says 500 or 600", () => {
      for (const statusCode of [500, 600])
        expect(judgeBatchOutcome({ statusCode, receipts: [approve, stake] })?.outcome.status).toBe("success");
    });

    it("a stake in a reverted receipt does not count (a reverted transaction keeps no logs)", () => {
      const lying = receipt(4, { reverted: true, staked: true });
      expect(judgeBatchOutcome({ statusCode: 200, receipts: [lying] })?.outcome.status).toBe("reverted");
    });
  });

  describe("failed, replayed where it reverted, when a receipt reverted", () => {
    it("an atomic batch mined with status 0 (500): reverted, replayed at its block", () => {
      const revertedBatch = receipt(5, { reverted: true, blockNumber: 41n });
      expect(judgeBatchOutcome({ statusCode: 500, receipts: [revertedBatch] })).toEqual({
        outcome: { status: "reverted", hash: revertedBatch.hash, blockNumber: 41n },
        replayBlock: 41n,
      });
    });

    it("a reverted receipt under a 200: the chain's word, not the wallet's", () => {
      expect(judgeBatchOutcome({ statusCode: 200, receipts: [stakeReverted] })?.outcome.status).toBe(
        "reverted",
      );
    });

    it("a bundle whose stake reverted after its approval went through: partial, whether the wallet says 500 or 600", () => {
      for (const statusCode of [500, 600]) {
        expect(judgeBatchOutcome({ statusCode, receipts: [approve, stakeReverted] })).toEqual({
          outcome: {
            status: "partial",
            hash: stakeReverted.hash,
            blockNumber: 40n,
            approval: { hash: approve.hash, amount: APPROVED },
          },
          replayBlock: 40n,
        });
      }
    });

    it("`atomic: false` to a batch sent with atomicRequired is read from the chain like any other", () => {
      // The report carries no `atomic`: a one-by-one answer (approval mined, stake reverted a block later).
      const later = receipt(6, { reverted: true, blockNumber: 42n });
      expect(judgeBatchOutcome({ statusCode: 600, receipts: [approve, later] })).toMatchObject({
        outcome: { status: "partial", hash: later.hash },
        replayBlock: 42n,
      });
    });
  });

  describe("600: what happened on chain", () => {
    it("the approval mined, no stake transaction at all: partial, about the approval", () => {
      expect(judgeBatchOutcome({ statusCode: 600, receipts: [approve] })).toEqual({
        outcome: {
          status: "partial",
          hash: approve.hash,
          blockNumber: 40n,
          approval: { hash: approve.hash, amount: APPROVED },
        },
      });
    });

    it("the same under a 200 that names only the approval: the stake did not go through", () => {
      expect(judgeBatchOutcome({ statusCode: 200, receipts: [approve] })?.outcome.status).toBe("partial");
    });
  });

  describe("mined, but neither the stake nor the approval", () => {
    it("the wallet's cancel: cancelled, linked to the cancel", () => {
      const cancel = receipt(7, { cancel: true });
      expect(judgeBatchOutcome({ statusCode: 200, receipts: [cancel] })).toEqual({
        outcome: { status: "cancelled", hash: cancel.hash, blockNumber: 40n },
      });
    });

    it("anything else: replaced, never a success", () => {
      const other = receipt(8);
      expect(judgeBatchOutcome({ statusCode: 200, receipts: [other] })).toEqual({
        outcome: { status: "replaced", hash: other.hash, blockNumber: 40n },
      });
    });
  });

  describe("no receipt to check: the wallet's code", () => {
    it("400 and the other 4xx: dropped (not included, nothing to link)", () => {
      for (const statusCode of [400, 499])
        expect(judgeBatchOutcome({ statusCode, receipts: [] })).toEqual({
          outcome: { status: "dropped", hash: undefined, blockNumber: undefined },
        });
    });

    it("500, 600 and codes EIP-5792 does not define: failed, by the wallet's word", () => {
      for (const statusCode of [300, 500, 600, 700])
        expect(judgeBatchOutcome({ statusCode, receipts: [] })).toEqual({
          outcome: { status: "failed", hash: undefined, blockNumber: undefined },
        });
    });
  });
});
