import {
  BaseError,
  ChainMismatchError,
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError as ViemInsufficientFundsError,
  TimeoutError,
  UserRejectedRequestError,
  WaitForTransactionReceiptTimeoutError,
  WebSocketRequestError,
} from "viem";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { DomainError } from "../../domain/errors/domainError";
import { InsufficientFundsError } from "../../domain/errors/insufficientFundsError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { WrongChainError } from "../../domain/errors/wrongChainError";

const USER_REJECTED_CODE = 4001;

function hasCode(error: unknown, code: number): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}

/** Walks a viem/wagmi error's cause chain (or any Error's `cause`) for the first match. */
function find<T>(error: unknown, match: (e: unknown) => e is T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 12; depth++) {
    if (match(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const is =
  <T>(ctor: abstract new (...args: never[]) => T) =>
  (e: unknown): e is T =>
    e instanceof ctor;

function decodeRevert(
  revert: ContractFunctionRevertedError,
  details: string | undefined,
): ContractRevertError {
  const errorName = revert.data?.errorName;
  const args = revert.data?.args ?? [];
  if (errorName === "StakeLocked" && typeof args[0] === "bigint") {
    return new ContractRevertError({
      errorName,
      unlockTime: new Date(Number(args[0]) * 1000),
      cause: revert,
      details,
    });
  }
  if (errorName === "BelowMinStake" && typeof args[1] === "bigint") {
    return new ContractRevertError({ errorName, minStake: args[1], cause: revert, details });
  }
  return new ContractRevertError({ errorName, cause: revert, details: details ?? revert.reason });
}

/**
 * Translates what viem, wagmi and wallets throw into the domain's errors, so the UI shows one short,
 * actionable message: user rejection, each custom revert, gas funds, wrong chain, RPC down, timeout.
 */
export function toChainDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const details =
    error instanceof BaseError
      ? error.details || error.shortMessage
      : error instanceof Error
        ? error.message
        : undefined;

  if (
    find(error, (e): e is unknown => e instanceof UserRejectedRequestError || hasCode(e, USER_REJECTED_CODE))
  ) {
    return new UserRejectedError({ cause: error });
  }
  const revert = find(error, is(ContractFunctionRevertedError));
  if (revert) return decodeRevert(revert, details);
  if (find(error, is(ViemInsufficientFundsError)))
    return new InsufficientFundsError({ cause: error, details });
  const mismatch = find(
    error,
    (e): e is Error =>
      e instanceof ChainMismatchError ||
      (e instanceof Error && /ChainMismatchError|ChainNotConfiguredError|SwitchChainError/.test(e.name)),
  );
  if (mismatch) return new WrongChainError({ cause: error, details: mismatch.message.split("\n")[0] });
  if (
    find(
      error,
      (e): e is Error => e instanceof TimeoutError || e instanceof WaitForTransactionReceiptTimeoutError,
    )
  ) {
    return new RequestTimeoutError({ cause: error, details });
  }
  if (find(error, (e): e is Error => e instanceof HttpRequestError || e instanceof WebSocketRequestError)) {
    return new RpcUnavailableError({ cause: error, details });
  }
  return new UnknownError({ cause: error, details });
}
