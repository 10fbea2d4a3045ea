/** Every transaction's intrinsic cost. */
export const TRANSACTION_BASE_GAS = 21_000n;
/** EIP-7702's PER_EMPTY_ACCOUNT_COST: what the transaction that upgrades the account pays for it. */
export const AUTHORIZATION_GAS = 25_000n;
/**
 * A wallet's batch executor, per call: decoding the call from the batch's calldata (an address, a
 * value and the data, ABI-encoded: about 130 bytes), the loop, the checks. A margin, since each wallet
 * has its own executor: about 3,000 gas for the small executors seen (ERC-7821 style) rounded up.
 */
export const BATCH_GAS_PER_CALL = 5_000n;

/** One call of a transaction: the gas its execution used (measured) and its calldata. */
export interface MeasuredCall {
  readonly executionGas: bigint;
  /** 0x-prefixed hex. */
  readonly data: string;
}

/** EIP-2028: 16 gas per non-zero calldata byte, 4 per zero byte. */
function calldataGas(data: string): bigint {
  const hex = data.startsWith("0x") ? data.slice(2) : data;
  let gas = 0n;
  for (let i = 0; i + 1 < hex.length; i += 2) gas += hex.slice(i, i + 2) === "00" ? 4n : 16n;
  return gas;
}

/**
 * The gas of one transaction that makes `calls`: alone, a plain transaction (intrinsic cost, calldata,
 * execution); several, one batch transaction through the wallet's executor (each call's calldata and
 * execution plus the executor's share), plus the authorization when it upgrades the account first.
 */
export function transactionGas(calls: readonly MeasuredCall[], options: { upgrade?: boolean } = {}): bigint {
  const batched = calls.length > 1 || options.upgrade === true;
  let gas = TRANSACTION_BASE_GAS + (options.upgrade ? AUTHORIZATION_GAS : 0n);
  for (const call of calls) {
    gas += calldataGas(call.data) + call.executionGas + (batched ? BATCH_GAS_PER_CALL : 0n);
  }
  return gas;
}
