import { beforeEach, describe, expect, it } from "vitest";
import { FakeAccountSnapshotSource } from "../../adapters/fake/fakeAccountSnapshotSource";
import { FakeStakingGateway } from "../../adapters/fake/fakeStakingGateway";
import { FakeTokenGateway } from "../../adapters/fake/fakeTokenGateway";
import { FakeStakeBatchGateway } from "../../adapters/fake/fakeStakeBatchGateway";
import { FakeTransactionReplayer } from "../../adapters/fake/fakeTransactionReplayer";
import { FakeTransactionWaiter } from "../../adapters/fake/fakeTransactionWaiter";
import { BatchDroppedError } from "../../domain/errors/batchDroppedError";
import { toAddress } from "../../domain/address";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { TransactionReplacedError } from "../../domain/errors/transactionReplacedError";
import { UnknownError } from "../../domain/errors/unknownError";
import { UpgradeDeclinedError } from "../../domain/errors/upgradeDeclinedError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { ValidationError } from "../../domain/errors/validationError";
import { WalletChangedError } from "../../domain/errors/walletChangedError";
import type { Signer } from "../ports/signer";
import { StakeWithAllowanceCheck } from "./stakeWithAllowanceCheck";
import type { TransactionEvent } from "./trackTransaction";

const E18 = 10n ** 18n;
const account = toAddress("0x1111111111111111111111111111111111111111");
const stakingAddress = toAddress("0x2222222222222222222222222222222222222222");
const signer: Signer = { account, chainId: 11155111 };

describe("StakeWithAllowanceCheck", () => {
  let snapshots: FakeAccountSnapshotSource;
  let token: FakeTokenGateway;
  let staking: FakeStakingGateway;
  let transactions: FakeTransactionWaiter;
  let replayer: FakeTransactionReplayer;
  let batches: FakeStakeBatchGateway;
  let events: TransactionEvent[];
  let useCase: StakeWithAllowanceCheck;

  const givenAccount = (allowance: bigint, paused = false): void => {
    snapshots.setSnapshot(account, { pooBalance: 1_000n * E18, minStake: 10n * E18, allowance, paused });
  };
  const stake = (quantity: bigint): ReturnType<StakeWithAllowanceCheck["execute"]> =>
    useCase.execute({ signer, quantity, onEvent: (event) => events.push(event) });
  const steps = (): string[] => events.map((e) => `${e.type} ${e.kind}`);
  const expectNothingSent = (): void => {
    expect(token.approvals).toEqual([]);
    expect(staking.calls).toEqual([]);
    expect(transactions.waited).toEqual([]);
  };

  beforeEach(() => {
    snapshots = new FakeAccountSnapshotSource();
    token = new FakeTokenGateway();
    staking = new FakeStakingGateway(stakingAddress);
    transactions = new FakeTransactionWaiter();
    replayer = new FakeTransactionReplayer();
    batches = new FakeStakeBatchGateway();
    events = [];
    useCase = new StakeWithAllowanceCheck({ snapshots, token, staking, transactions, replayer, batches });
  });

  describe("when the allowance is short", () => {
    it("approves exactly the quantity once, waits for it, then stakes, all pinned to the signer", async () => {
      givenAccount(0n);
      const result = await stake(125n * 10n ** 17n);

      expect(token.approvals).toHaveLength(1);
      const [approval] = token.approvals;
      expect(approval).toMatchObject({ signer, spender: stakingAddress, amount: 125n * 10n ** 17n });
      expect(staking.calls).toEqual([
        {
          method: "stake",
          signer,
          amount: 125n * 10n ** 17n,
          hash: result.stakeHash,
          options: { checkAtBlock: 1n },
        },
      ]);
      expect(result).toEqual({ approvalHash: approval?.hash, stakeHash: result.stakeHash });
      expect(transactions.waited).toEqual([approval?.hash, result.stakeHash]);
      expect(transactions.waits.map((w) => w.chainId)).toEqual([11155111, 11155111]);
      expect(steps()).toEqual([
        "requested approve",
        "sent approve",
        "seen approve",
        "settled approve",
        "requested stake",
        "sent stake",
        "seen stake",
        "settled stake",
      ]);
      expect(snapshots.loads).toEqual([account]);
      expect(snapshots.chains).toEqual([11155111]);
    });

    it("replaces a partial allowance with exactly the quantity, not the difference", async () => {
      givenAccount(50n * E18);
      await stake(60n * E18);
      expect(token.approvals.map((a) => a.amount)).toEqual([60n * E18]);
      expect(staking.calls.map((c) => c.method)).toEqual(["stake"]);
    });

    it("sends no stake when the approval reverts on chain, and the approval settles as such", async () => {
      givenAccount(0n);
      transactions.revertNext();
      const error = await stake(20n * E18).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ContractRevertError);
      expect((error as ContractRevertError).transactionHash).toBe(token.approvals[0]?.hash);
      expect(staking.calls).toEqual([]);
      expect(events.at(-1)).toMatchObject({
        type: "settled",
        kind: "approve",
        outcome: { status: "reverted" },
      });
    });

    it("sends no stake when the approval is cancelled in the wallet", async () => {
      givenAccount(0n);
      transactions.settleNext("cancelled");
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionReplacedError);
      expect((error as TransactionReplacedError).shortMessage).toBe(
        "The approval was cancelled in your wallet. Nothing was staked.",
      );
      expect(staking.calls).toEqual([]);
    });

    it("settles the approval even when the stake is then rejected in the wallet", async () => {
      givenAccount(0n);
      staking.failNext("stake", new UserRejectedError());
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(UserRejectedError);
      expect(token.approvals).toHaveLength(1);
      expect(events).toContainEqual(
        expect.objectContaining({
          type: "settled",
          kind: "approve",
          outcome: expect.objectContaining({ status: "success" }),
        }),
      );
    });

    it("sends nothing when the user rejects the approval", async () => {
      givenAccount(0n);
      token.failNext("approve", new UserRejectedError());
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(UserRejectedError);
      expectNothingSent();
    });

    it("sends no stake when the wallet changed account after the approval", async () => {
      givenAccount(0n);
      const changed = new WalletChangedError({
        expected: signer,
        actual: { account: toAddress("0x3333333333333333333333333333333333333333"), chainId: signer.chainId },
      });
      staking.failNext("stake", changed);
      await expect(stake(20n * E18)).rejects.toBe(changed);
      expect(staking.calls).toEqual([]);
    });

    it("sends no stake when waiting for the approval times out", async () => {
      givenAccount(0n);
      transactions.failNext(new RequestTimeoutError({ timeoutMs: 60_000 }));
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(RequestTimeoutError);
      expect(token.approvals).toHaveLength(1);
      expect(staking.calls).toEqual([]);
    });
  });

  describe("when the wallet can batch (EIP-5792)", () => {
    it("atomic supported: one batch of the approval and the stake, no separate transaction", async () => {
      givenAccount(0n);
      batches.setCapability("supported");
      const result = await stake(150n * E18);

      expect(batches.capabilityAsks).toEqual([signer]);
      expect(batches.sent).toEqual([{ batchId: "0xba7c41", signer, amount: 150n * E18 }]);
      expect(token.approvals).toEqual([]);
      expect(staking.calls).toEqual([]);
      expect(result).toEqual({ approvalHash: result.stakeHash, stakeHash: result.stakeHash, batched: true });
      expect(steps()).toEqual([
        "requested approve-and-stake",
        "batch-sent approve-and-stake",
        "batch-settled approve-and-stake",
      ]);
      expect(events[2]).toMatchObject({
        batchId: "0xba7c41",
        outcome: { status: "success", hash: result.stakeHash },
      });
    });

    it("atomic ready: the batch too (the wallet offers the upgrade)", async () => {
      givenAccount(10n * E18);
      batches.setCapability("ready");
      await expect(stake(20n * E18)).resolves.toMatchObject({ batched: true });
      expect(batches.sent).toHaveLength(1);
      expect(token.approvals).toEqual([]);
    });

    it("ready, upgrade declined: falls back to the two transactions and says so", async () => {
      givenAccount(0n);
      batches.setCapability("ready").failNextSend(new UpgradeDeclinedError());
      const result = await stake(20n * E18);

      expect(batches.sent).toEqual([]);
      expect(token.approvals).toHaveLength(1);
      expect(staking.calls.map((c) => c.method)).toEqual(["stake"]);
      expect(result).toEqual({ approvalHash: token.approvals[0]?.hash, stakeHash: staking.calls[0]?.hash });
      expect(steps().slice(0, 3)).toEqual([
        "requested approve-and-stake",
        "fallback approve-and-stake",
        "requested approve",
      ]);
    });

    it("supported: a declined upgrade is not expected there and stops the flow", async () => {
      givenAccount(0n);
      batches.setCapability("supported").failNextSend(new UpgradeDeclinedError());
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(UpgradeDeclinedError);
      expectNothingSent();
    });

    it("a batch rejected in the wallet sends nothing else", async () => {
      givenAccount(0n);
      batches.setCapability("supported").failNextSend(new UserRejectedError());
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(UserRejectedError);
      expectNothingSent();
    });

    it("a batch whose stake reverted says which call failed and why, with the transaction", async () => {
      givenAccount(0n);
      const hash = `0x${"ab".repeat(32)}` as const;
      batches.setCapability("supported").settleNext({
        status: "reverted",
        hash,
        failedCall: { index: 1, reason: new ContractRevertError({ errorName: "EnforcedPause" }) },
      });
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractRevertError);
      expect(error).toMatchObject({
        shortMessage: "The stake failed on chain: the pool is paused.",
        transactionHash: hash,
      });
      expect(staking.calls).toEqual([]);
    });

    it("a batch whose approval reverted names the approval; no reason keeps today's text", async () => {
      givenAccount(0n);
      const hash = `0x${"ac".repeat(32)}` as const;
      batches.setCapability("supported").settleNext({
        status: "reverted",
        hash,
        failedCall: { index: 0, reason: new ContractRevertError({ errorName: "AccountLocked" }) },
      });
      await expect(stake(20n * E18)).rejects.toMatchObject({
        shortMessage: "The approval failed on chain: this account is locked and cannot move POO.",
      });
      batches.settleNext({ status: "reverted", hash });
      await expect(stake(20n * E18)).rejects.toMatchObject({
        shortMessage: "The transaction failed on chain.",
      });
    });

    it("a bundle (approval and stake as two transactions): each transaction as mined", async () => {
      givenAccount(0n);
      const approvalHash = `0x${"a1".repeat(32)}` as const;
      const stakeHash = `0x${"5e".repeat(32)}` as const;
      batches.setCapability("supported").settleNext({
        status: "success",
        hash: stakeHash,
        approval: { hash: approvalHash, amount: 20n * E18 },
      });
      await expect(stake(20n * E18)).resolves.toEqual({ approvalHash, stakeHash, batched: true });
    });

    it("a batch whose approval went through but not its stake: approved but not staked, nothing else sent", async () => {
      givenAccount(0n);
      const approvalHash = `0x${"a1".repeat(32)}` as const;
      const stakeHash = `0x${"5e".repeat(32)}` as const;
      batches.setCapability("supported").settleNext({
        status: "partial",
        hash: stakeHash,
        approval: { hash: approvalHash, amount: 20n * E18 },
        failedCall: { index: 1, reason: new ContractRevertError({ errorName: "EnforcedPause" }) },
      });
      await expect(stake(20n * E18)).rejects.toMatchObject({
        kind: "batch-partial",
        shortMessage:
          "Approved but not staked. The stake failed on chain: the pool is paused. Your approval of 20 POO stays: stake again to use it, or revoke it in your wallet.",
        transactionHash: stakeHash,
      });
      // Not retried as two transactions: the approval is on chain, the user decides.
      expect(token.approvals).toEqual([]);
      expect(staking.calls).toEqual([]);
    });

    it("a batch cancelled or dropped in the wallet is never a success", async () => {
      givenAccount(0n);
      const cancel = `0x${"cc".repeat(32)}` as const;
      batches.setCapability("supported").settleNext({ status: "cancelled", hash: cancel });
      await expect(stake(20n * E18)).rejects.toMatchObject({
        shortMessage: "Your stake was cancelled in your wallet. Nothing was staked.",
        transactionHash: cancel,
      });
      batches.settleNext({ status: "dropped", hash: undefined, blockNumber: undefined });
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(BatchDroppedError);
      batches.settleNext({ status: "failed", hash: undefined, blockNumber: undefined });
      await expect(stake(20n * E18)).rejects.toMatchObject({ kind: "batch-dropped", reported: "failed" });
    });

    it("asking for the capability never stops a stake: an error there means two transactions", async () => {
      givenAccount(0n);
      batches.setCapability(new Error("wallet_getCapabilities: method not found"));
      const result = await stake(20n * E18);
      expect(result.approvalHash).toBe(token.approvals[0]?.hash);
      expect(batches.sent).toEqual([]);
    });

    it("is not asked when the allowance covers the quantity", async () => {
      givenAccount(20n * E18);
      batches.setCapability("supported");
      await stake(20n * E18);
      expect(batches.capabilityAsks).toEqual([]);
      expect(batches.sent).toEqual([]);
      expect(staking.calls.map((c) => c.method)).toEqual(["stake"]);
    });
  });

  describe("when the allowance covers the quantity", () => {
    it("stakes directly without any approval", async () => {
      givenAccount(20n * E18);
      const result = await stake(20n * E18);

      expect(token.approvals).toEqual([]);
      expect(staking.calls).toEqual([
        { method: "stake", signer, amount: 20n * E18, hash: result.stakeHash, options: {} },
      ]);
      expect(result).toEqual({ stakeHash: result.stakeHash });
      expect("approvalHash" in result).toBe(false);
      expect(transactions.waited).toEqual([result.stakeHash]);
    });

    it("reports a sped-up stake under the hash that was mined", async () => {
      givenAccount(20n * E18);
      transactions.settleNext("sped-up");
      const result = await stake(20n * E18);
      expect(result.stakeHash).not.toBe(staking.calls[0]?.hash);
      expect(events.at(-1)).toMatchObject({
        type: "settled",
        hash: staking.calls[0]?.hash,
        outcome: { status: "success", hash: result.stakeHash, replaced: { reason: "sped-up" } },
      });
    });
  });

  describe("stake failures", () => {
    it("turns a reverted stake receipt into a ContractRevertError with its hash", async () => {
      givenAccount(20n * E18);
      transactions.revertNext();
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractRevertError);
      expect((error as ContractRevertError).transactionHash).toBe(staking.calls[0]?.hash);
      expect((error as ContractRevertError).shortMessage).toBe("The transaction failed on chain.");
      expect(replayer.asked).toEqual([{ hash: staking.calls[0]?.hash, chainId: 11155111 }]);
    });

    it("says why a stake mined with status 0 failed when the replay finds the reason", async () => {
      givenAccount(20n * E18);
      transactions.revertNext();
      replayer.findNext(new ContractRevertError({ errorName: "EnforcedPause" }));
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractRevertError);
      expect((error as ContractRevertError).shortMessage).toBe(
        "The stake failed on chain: the pool is paused.",
      );
      expect((error as ContractRevertError).transactionHash).toBe(staking.calls[0]?.hash);
    });

    it("says the approval failed when it is the approval that was mined with status 0", async () => {
      givenAccount(0n);
      transactions.revertNext();
      replayer.findNext(new ContractRevertError({ errorName: "Error", reason: "POO is paused" }));
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect(error).toMatchObject({
        shortMessage: "The approval failed on chain: POO is paused.",
        transactionHash: token.approvals[0]?.hash,
      });
      expect(staking.calls).toEqual([]);
    });

    it("a stake cancelled in the wallet is an error, never a success", async () => {
      givenAccount(20n * E18);
      transactions.settleNext("cancelled");
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransactionReplacedError);
      expect((error as TransactionReplacedError).shortMessage).toBe(
        "Your stake was cancelled in your wallet. Nothing was staked.",
      );
      expect((error as TransactionReplacedError).originalHash).toBe(staking.calls[0]?.hash);
    });

    it("a stake replaced by another transaction is an error", async () => {
      givenAccount(20n * E18);
      transactions.settleNext("replaced");
      await expect(stake(20n * E18)).rejects.toMatchObject({ reason: "replaced" });
    });
  });

  describe("refusals: nothing is sent", () => {
    it.each<[string, bigint, string]>([
      ["zero", 0n, "not-positive"],
      ["a negative quantity", -1n, "not-positive"],
      ["below MIN_STAKE", 10n * E18 - 1n, "below-min-stake"],
      ["above the POO balance", 1_000n * E18 + 1n, "above-balance"],
    ])("%s", async (_name, quantity, code) => {
      givenAccount(10_000n * E18);
      const error = await stake(quantity).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).reason.code).toBe(code);
      expectNothingSent();
      expect(events).toEqual([]);
    });

    it("a paused pool: no approval is paid for", async () => {
      givenAccount(0n, true);
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect((error as ValidationError).reason.code).toBe("paused");
      expect((error as ValidationError).shortMessage).toBe(
        "Staking is paused on this pool. Nothing was sent; try again once it reopens.",
      );
      expectNothingSent();
    });

    it("explains the minimum and the balance", async () => {
      givenAccount(0n);
      await expect(stake(5n * E18)).rejects.toMatchObject({ shortMessage: "The minimum stake is 10 POO." });
      await expect(stake(2_000n * E18)).rejects.toMatchObject({
        shortMessage: "The quantity is more than your balance of 1000 POO.",
      });
    });

    it("wraps a failed read as a DomainError and sends nothing", async () => {
      snapshots.failNext(new Error("socket hang up"));
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnknownError);
      expect((error as UnknownError).details).toBe("socket hang up");
      expectNothingSent();
    });
  });
});
