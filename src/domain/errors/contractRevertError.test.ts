import { describe, expect, it } from "vitest";
import type { ContractRevertErrorOptions } from "./contractRevertError";
import { ContractRevertError } from "./contractRevertError";

const HASH = `0x${"cd".repeat(32)}` as const;

describe("ContractRevertError", () => {
  it.each<[ContractRevertErrorOptions, string]>([
    [{ errorName: "BelowMinStake", minStake: 100n * 10n ** 18n }, "The minimum stake is 100 POO."],
    [{ errorName: "BelowMinStake" }, "The quantity is below the minimum stake."],
    [
      { errorName: "StakeLocked", unlockTime: new Date("2025-03-01T08:00:00Z") },
      "Your stake is locked until 2025-03-01 08:00:00 UTC.",
    ],
    [{ errorName: "StakeLocked" }, "Your stake is still locked. Try again later."],
    [{ errorName: "NothingStaked" }, "You have no POO staked."],
    [{ errorName: "EnforcedPause" }, "The contract is paused. Try again later."],
    [{ errorName: "AccountLocked" }, "This account is locked and cannot move POO."],
    [{ errorName: "ERC20InsufficientBalance" }, "The token balance is too low for this transfer."],
    [
      { errorName: "ERC20InsufficientAllowance" },
      "The staking contract is not approved for this quantity. Stake again to approve it.",
    ],
    [
      { errorName: "OwnableUnauthorizedAccount" },
      "The contract refused the transaction (OwnableUnauthorizedAccount).",
    ],
    [
      { errorName: "Error", reason: "Staking is paused" },
      "The contract refused the transaction: Staking is paused.",
    ],
    [
      { errorName: "Error", reason: "Nothing to withdraw." },
      "The contract refused the transaction: Nothing to withdraw.",
    ],
    [{ errorName: "Error", reason: "  " }, "The contract refused the transaction."],
    [{ errorName: "Error", reason: "bad\u0007\nline" }, "The contract refused the transaction: bad line."],
    [
      { errorName: "Error", reason: "x".repeat(300) },
      `The contract refused the transaction: ${"x".repeat(160)}…`,
    ],
    [
      { errorName: "Panic", panicCode: 0x11 },
      "The contract failed with an arithmetic overflow or underflow (panic 0x11).",
    ],
    [
      { errorName: "Panic", panicCode: 0x12 },
      "The contract failed with a division or modulo by zero (panic 0x12).",
    ],
    [
      { errorName: "Panic", panicCode: 0x01 },
      "The contract failed with a failed internal check (assert) (panic 0x01).",
    ],
    [{ errorName: "Panic", panicCode: 0x99 }, "The contract failed with an unknown panic (panic 0x99)."],
    [{ selector: "0x12345678" }, "The contract refused the transaction (unrecognised error 0x12345678)."],
    [{}, "The contract refused the transaction."],
    [{ transactionHash: HASH }, "The transaction failed on chain."],
  ])("%# -> %s", (options, shortMessage) => {
    const error = new ContractRevertError(options);
    expect(error.kind).toBe("contract-revert");
    expect(error.shortMessage).toBe(shortMessage);
    expect(error.errorName).toBe(options.errorName);
  });

  it.each<[ContractRevertErrorOptions, string]>([
    [{ errorName: "EnforcedPause" }, "The stake failed on chain: the pool is paused."],
    [{ errorName: "Error", reason: "Staking is paused" }, "The stake failed on chain: Staking is paused."],
    [
      { errorName: "Panic", panicCode: 0x11 },
      "The stake failed on chain: an arithmetic overflow or underflow (panic 0x11).",
    ],
    [
      { errorName: "BelowMinStake", minStake: 100n * 10n ** 18n },
      "The stake failed on chain: the minimum stake is 100 POO.",
    ],
    [
      { errorName: "ERC20InsufficientAllowance" },
      "The stake failed on chain: the staking contract is not approved for this quantity.",
    ],
    [{ errorName: "Paused" }, "The stake failed on chain: the contract's error Paused."],
    [{ selector: "0x12345678" }, "The stake failed on chain: unrecognised error 0x12345678."],
    // The replay could not tell: today's text stays.
    [{}, "The transaction failed on chain."],
    [{ errorName: "Error", reason: " " }, "The transaction failed on chain."],
  ])("replayed on chain: %# -> %s", (replayed, shortMessage) => {
    const mined = new ContractRevertError(replayed).minedAs("stake", HASH);
    expect(mined.shortMessage).toBe(shortMessage);
    expect(mined.transactionHash).toBe(HASH);
    expect(mined.errorName).toBe(replayed.errorName);
  });

  it("names the call that failed: the approval, the stake or the unstake", () => {
    const paused = new ContractRevertError({ errorName: "EnforcedPause" });
    expect(paused.minedAs("approval", HASH).shortMessage).toBe(
      "The approval failed on chain: the pool is paused.",
    );
    expect(
      new ContractRevertError({
        errorName: "StakeLocked",
        unlockTime: new Date("2025-03-01T08:00:00Z"),
      }).minedAs("unstake", HASH).shortMessage,
    ).toBe("The unstake failed on chain: your stake is locked until 2025-03-01 08:00:00 UTC.");
  });

  it("keeps the reverted transaction for an explorer link", () => {
    const error = new ContractRevertError({ transactionHash: HASH });
    expect(error.transactionHash).toBe(HASH);
    expect(error.details).toBe(`transaction ${HASH}`);
  });
});
