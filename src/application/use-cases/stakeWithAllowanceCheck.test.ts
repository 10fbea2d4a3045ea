import { beforeEach, describe, expect, it } from "vitest";
import { FakeAccountSnapshotSource } from "../../adapters/fake/fakeAccountSnapshotSource";
import { FakeStakingGateway } from "../../adapters/fake/fakeStakingGateway";
import { FakeTokenGateway } from "../../adapters/fake/fakeTokenGateway";
import { FakeTransactionWaiter } from "../../adapters/fake/fakeTransactionWaiter";
import { toAddress } from "../../domain/address";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { UnknownError } from "../../domain/errors/unknownError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { ValidationError } from "../../domain/errors/validationError";
import type { StakeStepEvent } from "./stakeWithAllowanceCheck";
import { StakeWithAllowanceCheck } from "./stakeWithAllowanceCheck";

const E18 = 10n ** 18n;
const account = toAddress("0x1111111111111111111111111111111111111111");
const stakingAddress = toAddress("0x2222222222222222222222222222222222222222");

describe("StakeWithAllowanceCheck", () => {
  let snapshots: FakeAccountSnapshotSource;
  let token: FakeTokenGateway;
  let staking: FakeStakingGateway;
  let transactions: FakeTransactionWaiter;
  let steps: StakeStepEvent[];
  let useCase: StakeWithAllowanceCheck;

  const givenAccount = (allowance: bigint): void => {
    snapshots.setSnapshot(account, { pooBalance: 1_000n * E18, minStake: 10n * E18, allowance });
  };
  const stake = (quantity: bigint): ReturnType<StakeWithAllowanceCheck["execute"]> =>
    useCase.execute({ account, quantity, onStep: (event) => steps.push(event) });
  const expectNothingSent = (): void => {
    expect(token.approvals).toEqual([]);
    expect(staking.calls).toEqual([]);
    expect(transactions.waited).toEqual([]);
  };

  beforeEach(() => {
    snapshots = new FakeAccountSnapshotSource();
    token = new FakeTokenGateway(account);
    staking = new FakeStakingGateway(stakingAddress);
    transactions = new FakeTransactionWaiter();
    steps = [];
    useCase = new StakeWithAllowanceCheck({ snapshots, token, staking, transactions });
  });

  describe("when the allowance is short", () => {
    it("approves exactly the quantity once, waits for it, then stakes", async () => {
      givenAccount(0n);
      const result = await stake(125n * 10n ** 17n);

      expect(token.approvals).toHaveLength(1);
      const [approval] = token.approvals;
      expect(approval).toMatchObject({ spender: stakingAddress, amount: 125n * 10n ** 17n });
      expect(staking.calls).toEqual([{ method: "stake", amount: 125n * 10n ** 17n, hash: result.stakeHash }]);
      expect(result).toEqual({ approvalHash: approval?.hash, stakeHash: result.stakeHash });
      expect(transactions.waited).toEqual([approval?.hash, result.stakeHash]);
      expect(steps).toEqual([
        { step: "approving" },
        { step: "approving", hash: approval?.hash },
        { step: "staking" },
        { step: "staking", hash: result.stakeHash },
        { step: "done", hash: result.stakeHash },
      ]);
      expect(snapshots.loads).toEqual([account]);
    });

    it("replaces a partial allowance with exactly the quantity, not the difference", async () => {
      givenAccount(50n * E18);
      await stake(60n * E18);
      expect(token.approvals.map((a) => a.amount)).toEqual([60n * E18]);
      expect(staking.calls.map((c) => c.method)).toEqual(["stake"]);
    });

    it("sends no stake when the approval reverts on chain", async () => {
      givenAccount(0n);
      transactions.revertNext();
      const error = await stake(20n * E18).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ContractRevertError);
      expect((error as ContractRevertError).transactionHash).toBe(token.approvals[0]?.hash);
      expect(token.approvals).toHaveLength(1);
      expect(staking.calls).toEqual([]);
      expect(steps.map((s) => s.step)).toEqual(["approving", "approving"]);
    });

    it("sends nothing when the user rejects the approval", async () => {
      givenAccount(0n);
      token.failNext("approve", new UserRejectedError());
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(UserRejectedError);
      expectNothingSent();
    });

    it("sends no stake when waiting for the approval times out", async () => {
      givenAccount(0n);
      transactions.failNext(new RequestTimeoutError({ timeoutMs: 60_000 }));
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(RequestTimeoutError);
      expect(token.approvals).toHaveLength(1);
      expect(staking.calls).toEqual([]);
    });
  });

  describe("when the allowance covers the quantity", () => {
    it("stakes directly without any approval", async () => {
      givenAccount(20n * E18);
      const result = await stake(20n * E18);

      expect(token.approvals).toEqual([]);
      expect(staking.calls).toEqual([{ method: "stake", amount: 20n * E18, hash: result.stakeHash }]);
      expect(result).toEqual({ stakeHash: result.stakeHash });
      expect("approvalHash" in result).toBe(false);
      expect(transactions.waited).toEqual([result.stakeHash]);
      expect(steps.map((s) => s.step)).toEqual(["staking", "staking", "done"]);
    });

    it("stakes the whole balance", async () => {
      givenAccount(10_000n * E18);
      await stake(1_000n * E18);
      expect(staking.calls.map((c) => c.method === "stake" && c.amount)).toEqual([1_000n * E18]);
    });
  });

  describe("stake failures", () => {
    it("turns a reverted stake receipt into a ContractRevertError and never reports done", async () => {
      givenAccount(20n * E18);
      transactions.revertNext();
      const error = await stake(20n * E18).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContractRevertError);
      expect((error as ContractRevertError).transactionHash).toBe(staking.calls[0]?.hash);
      expect(steps.map((s) => s.step)).not.toContain("done");
    });

    it("passes the wallet's rejection of the stake through", async () => {
      givenAccount(0n);
      staking.failNext("stake", new UserRejectedError());
      await expect(stake(20n * E18)).rejects.toBeInstanceOf(UserRejectedError);
      expect(token.approvals).toHaveLength(1);
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
      expect(steps).toEqual([]);
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
