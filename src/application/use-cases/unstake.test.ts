import { beforeEach, describe, expect, it } from "vitest";
import { FakeAccountSnapshotSource } from "../../adapters/fake/fakeAccountSnapshotSource";
import { FakeClock } from "../../adapters/fake/fakeClock";
import { FakeStakingGateway } from "../../adapters/fake/fakeStakingGateway";
import { FakeTransactionReplayer } from "../../adapters/fake/fakeTransactionReplayer";
import { FakeTransactionWaiter } from "../../adapters/fake/fakeTransactionWaiter";
import { toAddress } from "../../domain/address";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { TransactionReplacedError } from "../../domain/errors/transactionReplacedError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { ValidationError } from "../../domain/errors/validationError";
import { Unstake } from "./unstake";

const E18 = 10n ** 18n;
const account = toAddress("0x1111111111111111111111111111111111111111");
const signer = { account, chainId: 31337 };
const STAKED_AT = 1_735_689_600n; // 2025-01-01T00:00:00Z
const DAY = 86_400n;
const UNLOCK = new Date("2025-01-02T00:00:00Z");

describe("Unstake", () => {
  let snapshots: FakeAccountSnapshotSource;
  let staking: FakeStakingGateway;
  let transactions: FakeTransactionWaiter;
  let replayer: FakeTransactionReplayer;
  let clock: FakeClock;
  let useCase: Unstake;

  const givenStake = (blockTimestamp: bigint = STAKED_AT): void => {
    snapshots.setSnapshot(account, {
      stakedAmount: 50n * E18,
      stakedTime: STAKED_AT,
      minStakeDuration: DAY,
      blockTimestamp,
    });
  };

  beforeEach(() => {
    snapshots = new FakeAccountSnapshotSource();
    staking = new FakeStakingGateway(toAddress("0x2222222222222222222222222222222222222222"));
    transactions = new FakeTransactionWaiter();
    clock = new FakeClock(new Date("2025-01-01T12:00:00Z"));
    replayer = new FakeTransactionReplayer();
    useCase = new Unstake({ snapshots, staking, transactions, clock, replayer });
  });

  it("refuses before the unlock time, naming it, and sends nothing", async () => {
    givenStake();
    clock.set(new Date(UNLOCK.getTime() - 1000));
    const error = await useCase.execute({ signer }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).reason).toEqual({ code: "stake-locked", unlockTime: UNLOCK });
    expect((error as ValidationError).shortMessage).toBe(
      "Too early to unstake: possible from 2025-01-02 00:00:00 UTC.",
    );
    expect(staking.calls).toEqual([]);
    expect(transactions.waited).toEqual([]);
  });

  it("refuses when nothing is staked and sends nothing", async () => {
    snapshots.setSnapshot(account, { stakedAmount: 0n });
    const error = await useCase.execute({ signer }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).reason).toEqual({ code: "nothing-staked" });
    expect(staking.calls).toEqual([]);
  });

  it("withdraws from the unlock second on and waits for the receipt", async () => {
    givenStake();
    clock.set(UNLOCK);
    const hash = await useCase.execute({ signer });

    expect(staking.calls).toEqual([{ method: "withdraw", signer, hash, options: undefined }]);
    expect(transactions.waited).toEqual([hash]);
    expect(transactions.waits[0]?.chainId).toBe(31337);
  });

  it("trusts the chain's time when it runs ahead of the wall clock", async () => {
    givenStake(STAKED_AT + DAY + 5n);
    await useCase.execute({ signer });
    expect(staking.calls.map((c) => c.method)).toEqual(["withdraw"]);
  });

  it("turns a reverted withdraw receipt into a ContractRevertError", async () => {
    givenStake();
    clock.set(UNLOCK);
    transactions.revertNext();
    const error = await useCase.execute({ signer }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractRevertError);
    expect((error as ContractRevertError).transactionHash).toBe(staking.calls[0]?.hash);
    expect((error as ContractRevertError).shortMessage).toBe("The transaction failed on chain.");
  });

  it("says why a withdraw mined with status 0 failed when the replay finds the reason", async () => {
    givenStake();
    clock.set(UNLOCK);
    transactions.revertNext();
    replayer.findNext(new ContractRevertError({ errorName: "Error", reason: "CRAP transfer failed" }));
    const error = await useCase.execute({ signer }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      shortMessage: "The unstake failed on chain: CRAP transfer failed.",
      transactionHash: staking.calls[0]?.hash,
    });
    expect(replayer.asked).toEqual([{ hash: staking.calls[0]?.hash, chainId: signer.chainId }]);
  });

  it("a withdraw cancelled in the wallet is an error naming what stays", async () => {
    givenStake();
    clock.set(UNLOCK);
    transactions.settleNext("cancelled");
    const error = await useCase.execute({ signer }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionReplacedError);
    expect((error as TransactionReplacedError).shortMessage).toBe(
      "Your unstake was cancelled in your wallet. Your POO stays staked.",
    );
  });

  it("a paused pool does not stop the withdraw (the contract decides)", async () => {
    snapshots.setSnapshot(account, {
      stakedAmount: 50n * E18,
      stakedTime: STAKED_AT,
      minStakeDuration: DAY,
      blockTimestamp: STAKED_AT,
      paused: true,
    });
    clock.set(UNLOCK);
    await useCase.execute({ signer });
    expect(staking.calls.map((c) => c.method)).toEqual(["withdraw"]);
  });

  it("passes the wallet's rejection through", async () => {
    givenStake();
    clock.set(UNLOCK);
    staking.failNext("withdraw", new UserRejectedError());
    await expect(useCase.execute({ signer })).rejects.toBeInstanceOf(UserRejectedError);
    expect(transactions.waited).toEqual([]);
  });
});
