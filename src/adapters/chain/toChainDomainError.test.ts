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
} from "viem";
import { sepolia } from "viem/chains";
import { describe, expect, it } from "vitest";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { InsufficientFundsError } from "../../domain/errors/insufficientFundsError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { WrongChainError } from "../../domain/errors/wrongChainError";
import { stakingAbi } from "./abis.generated";
import { toChainDomainError } from "./toChainDomainError";

function reverted(
  errorName: "StakeLocked" | "BelowMinStake" | "NothingStaked",
  args: readonly bigint[],
): Error {
  const data = encodeErrorResult({ abi: stakingAbi, errorName, args } as never);
  const revert = new ContractFunctionRevertedError({ abi: stakingAbi, data, functionName: "withdraw" });
  return new ContractFunctionExecutionError(revert, { abi: stakingAbi, functionName: "withdraw" });
}

describe("toChainDomainError", () => {
  it("user rejection (viem class or code 4001 deep in the chain)", () => {
    expect(toChainDomainError(new UserRejectedRequestError(new Error("no")))).toBeInstanceOf(
      UserRejectedError,
    );
    const wrapped = new Error("outer", { cause: { code: 4001, message: "User rejected the request." } });
    expect(toChainDomainError(wrapped)).toBeInstanceOf(UserRejectedError);
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

  it("anything else is an UnknownError with the original message as details", () => {
    const error = toChainDomainError(new Error("boom"));
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.details).toBe("boom");
  });
});
