import {
  BaseError,
  ChainMismatchError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  InsufficientFundsError as ViemInsufficientFundsError,
  TimeoutError,
  TransactionExecutionError,
  UserRejectedRequestError,
  AtomicReadyWalletRejectedUpgradeError,
  WaitForCallsStatusTimeoutError,
} from "viem";
import { sepolia } from "viem/chains";
import { describe, expect, it } from "vitest";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { InsufficientFundsError } from "../../domain/errors/insufficientFundsError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import { UpgradeDeclinedError } from "../../domain/errors/upgradeDeclinedError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { WrongChainError } from "../../domain/errors/wrongChainError";
import { pooTokenAbi, stakingAbi } from "./abis.generated";
import { toChainDomainError } from "./toChainDomainError";

function reverted(
  errorName: "StakeLocked" | "BelowMinStake" | "NothingStaked",
  args: readonly bigint[],
): Error {
  const data = encodeErrorResult({ abi: stakingAbi, errorName, args } as never);
  const revert = new ContractFunctionRevertedError({ abi: stakingAbi, data, functionName: "withdraw" });
  return new ContractFunctionExecutionError(revert, { abi: stakingAbi, functionName: "withdraw" });
}

/** A revert of `withdraw` on the staking ABI carrying `data` exactly as a node returns it. */
function revertedWithData(data: `0x${string}`): Error {
  const revert = new ContractFunctionRevertedError({ abi: stakingAbi, data, functionName: "withdraw" });
  return new ContractFunctionExecutionError(revert, { abi: stakingAbi, functionName: "withdraw" });
}

const solidityError = [
  { type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] },
  { type: "error", name: "Panic", inputs: [{ name: "code", type: "uint256" }] },
] as const;

describe("toChainDomainError: the forms a revert takes", () => {
  it("require(cond, reason) / Error(string): the contract's own words", () => {
    const error = toChainDomainError(
      revertedWithData(
        encodeErrorResult({ abi: solidityError, errorName: "Error", args: ["Staking is paused"] }),
      ),
    );
    expect(error).toBeInstanceOf(ContractRevertError);
    expect((error as ContractRevertError).reason).toBe("Staking is paused");
    expect(error.shortMessage).toBe("The contract refused the transaction: Staking is paused.");
  });

  it("Panic(uint256): the code by name", () => {
    const error = toChainDomainError(
      revertedWithData(encodeErrorResult({ abi: solidityError, errorName: "Panic", args: [0x11n] })),
    );
    expect((error as ContractRevertError).panicCode).toBe(0x11);
    expect(error.shortMessage).toBe(
      "The contract failed with an arithmetic overflow or underflow (panic 0x11).",
    );
  });

  it("a token's custom error raised inside the staking call is decoded with the token's ABI", () => {
    const data = encodeErrorResult({
      abi: pooTokenAbi,
      errorName: "ERC20InsufficientAllowance",
      args: ["0x0000000000000000000000000000000000000001", 1n, 2n],
    });
    const error = toChainDomainError(revertedWithData(data));
    expect((error as ContractRevertError).errorName).toBe("ERC20InsufficientAllowance");
    expect(error.shortMessage).toBe(
      "The staking contract is not approved for this quantity. Stake again to approve it.",
    );
  });

  it("an error no project ABI knows: refused, with its selector", () => {
    const error = toChainDomainError(revertedWithData("0xdeadbeef"));
    expect(error).toBeInstanceOf(ContractRevertError);
    expect(error.shortMessage).toBe("The contract refused the transaction (unrecognised error 0xdeadbeef).");
  });

  it("a revert without data: refused, no guess", () => {
    const error = toChainDomainError(revertedWithData("0x"));
    expect(error.shortMessage).toBe("The contract refused the transaction.");
  });
});

describe("toChainDomainError", () => {
  it("user rejection (viem class or code 4001 deep in the chain)", () => {
    expect(toChainDomainError(new UserRejectedRequestError(new Error("no")))).toBeInstanceOf(
      UserRejectedError,
    );
    const wrapped = new Error("outer", { cause: { code: 4001, message: "User rejected the request." } });
    expect(toChainDomainError(wrapped)).toBeInstanceOf(UserRejectedError);
  });

  it("the account upgrade declined (EIP-5792 code 5750), as viem's class or a bare code", () => {
    const viemError = new AtomicReadyWalletRejectedUpgradeError(new Error("declined"));
    expect(toChainDomainError(viemError)).toBeInstanceOf(UpgradeDeclinedError);
    const wrapped = new Error("outer", { cause: { code: 5750, message: "upgrade rejected" } });
    const error = toChainDomainError(wrapped);
    expect(error).toBeInstanceOf(UpgradeDeclinedError);
    expect(error.shortMessage).toBe("You declined the account upgrade in your wallet.");
  });

  it("StakeLocked carries the unlock time", () => {
    const error = toChainDomainError(reverted("StakeLocked", [1_800_000_000n]));
    expect(error).toBeInstanceOf(ContractRevertError);
    expect((error as ContractRevertError).errorName).toBe("StakeLocked");
    expect((error as ContractRevertError).unlockTime?.getTime()).toBe(1_800_000_000_000);
  });

  it("BelowMinStake names the minimum", () => {
    const error = toChainDomainError(reverted("BelowMinStake", [1n, 100n * 10n ** 18n]));
    expect(error.shortMessage).toBe("The minimum stake is 100 POO.");
  });

  it("NothingStaked", () => {
    expect(toChainDomainError(reverted("NothingStaked", [])).shortMessage).toBe("You have no POO staked.");
  });

  it("insufficient funds for gas", () => {
    const cause = new ViemInsufficientFundsError({
      cause: new BaseError("insufficient funds for gas * price + value"),
    });
    const error = new TransactionExecutionError(cause, { account: null });
    expect(toChainDomainError(error)).toBeInstanceOf(InsufficientFundsError);
  });

  it("wrong chain", () => {
    const error = new ChainMismatchError({ chain: sepolia, currentChainId: 1 });
    expect(toChainDomainError(error)).toBeInstanceOf(WrongChainError);
  });

  it("RPC unreachable and timeout", () => {
    expect(toChainDomainError(new HttpRequestError({ url: "http://127.0.0.1:1" }))).toBeInstanceOf(
      RpcUnavailableError,
    );
    expect(toChainDomainError(new TimeoutError({ body: {}, url: "http://x" }))).toBeInstanceOf(
      RequestTimeoutError,
    );
  });

  it("a batch whose status the wallet never settles: the timeout's words, never success", () => {
    const error = toChainDomainError(new WaitForCallsStatusTimeoutError({ id: "0xba7c4" }));
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error.shortMessage).toBe(
      "The request took too long. Check your wallet's activity, then try again.",
    );
  });

  it("anything else is an UnknownError with the original message as details", () => {
    const error = toChainDomainError(new Error("boom"));
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.details).toBe("boom");
  });
});
