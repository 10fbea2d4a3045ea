import {
  BaseError,
  ChainMismatchError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  HttpRequestError,
  InsufficientFundsError as ViemInsufficientFundsError,
  TimeoutError,
  UserRejectedRequestError,
  WaitForCallsStatusTimeoutError,
  WaitForTransactionReceiptTimeoutError,
  WebSocketRequestError,
} from "viem";
import { ContractMismatchError } from "../../domain/errors/contractMismatchError";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { DomainError } from "../../domain/errors/domainError";
import { InsufficientFundsError } from "../../domain/errors/insufficientFundsError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import { UpgradeDeclinedError } from "../../domain/errors/upgradeDeclinedError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { WrongChainError } from "../../domain/errors/wrongChainError";
import { projectErrorsAbi } from "./projectErrorsAbi";
import { RequiredReadFailedError } from "./snapshotFromReads";

const USER_REJECTED_CODE = 4001;
/** EIP-5792: the user declined the account upgrade an atomic-ready wallet offered for a batch. */
const UPGRADE_REJECTED_CODE = 5750;

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

/** The revert as decoded by viem, or decoded again with every project error when viem's ABI lacked it. */
function decodedRevertData(
  revert: ContractFunctionRevertedError,
): { errorName: string; args: readonly unknown[] } | undefined {
  if (revert.data) return { errorName: revert.data.errorName, args: revert.data.args ?? [] };
  if (!revert.raw || revert.raw === "0x") return undefined;
  try {
    const decoded = decodeErrorResult({ abi: projectErrorsAbi, data: revert.raw });
    return { errorName: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    return undefined;
  }
}

function decodeRevert(
  revert: ContractFunctionRevertedError,
  details: string | undefined,
): ContractRevertError {
  const decoded = decodedRevertData(revert);
  const errorName = decoded?.errorName;
  const args = decoded?.args ?? [];
  if (errorName === "Error") {
    const reason = typeof args[0] === "string" ? args[0] : revert.reason;
    return new ContractRevertError({ errorName, reason, cause: revert, details });
  }
  if (errorName === "Panic" && typeof args[0] === "bigint") {
    return new ContractRevertError({ errorName, panicCode: Number(args[0]), cause: revert, details });
  }
  if (errorName === undefined && revert.signature !== undefined) {
    // A custom error none of the project's ABIs declares (another contract's, a newer version's).
    return new ContractRevertError({ selector: revert.signature, cause: revert, details });
  }
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

  const unanswered = find(error, is(RequiredReadFailedError));
  if (unanswered) {
    // The read's own cause decides: the RPC down is said as such, anything else is a mismatch.
    const cause = toChainDomainError(unanswered.cause);
    if (cause.kind === "rpc-unavailable" || cause.kind === "request-timeout") return cause;
    return new ContractMismatchError({ read: unanswered.read, cause: error, details });
  }
  if (find(error, (e): e is unknown => hasCode(e, UPGRADE_REJECTED_CODE))) {
    return new UpgradeDeclinedError({ cause: error, details });
  }
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
      (e): e is Error =>
        e instanceof TimeoutError ||
        e instanceof WaitForTransactionReceiptTimeoutError ||
        // A batch whose status the wallet never settled.
        e instanceof WaitForCallsStatusTimeoutError,
    )
  ) {
    return new RequestTimeoutError({ cause: error, details });
  }
  if (find(error, (e): e is Error => e instanceof HttpRequestError || e instanceof WebSocketRequestError)) {
    return new RpcUnavailableError({ cause: error, details });
  }
  return new UnknownError({ cause: error, details });
}
