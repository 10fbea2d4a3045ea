import {
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  type PublicClient,
} from "viem";
import type { Address } from "../../domain/address";
import type { ContractRevertError } from "../../domain/errors/contractRevertError";
import { gasMeterAbi, gasMeterRuntimeCode } from "./abis.generated";
import { revertDataOf } from "./revertDataOf";
import { revertFromData } from "./revertFromData";

/** A call the account would make. */
export interface AccountCall {
  readonly to: Address;
  readonly data: Hex;
}

export type Measurement =
  /** Every call succeeded: the gas each one's execution used, in order. */
  | { readonly ok: true; readonly gasUsed: readonly bigint[] }
  /** Call `index` reverted, with its reason when the revert data could be decoded. */
  | { readonly ok: false; readonly index: number; readonly reason: ContractRevertError | undefined };

/**
 * Runs `calls` in order as `account` on the chain's state (latest, or at `blockNumber`) in ONE eth_call:
 * contracts/offchain/GasMeter.sol's code is put at the account's address by a state override and the
 * call goes from the account to itself, so each call sees msg.sender = the account and the effects of
 * the calls before it (the stake sees the approval's allowance), as in a wallet's batch. Nothing is
 * sent or signed. Rejects with the RPC's errors.
 */
export async function measureCalls(
  client: PublicClient,
  account: Address,
  calls: readonly AccountCall[],
  blockNumber?: bigint,
): Promise<Measurement> {
  const request = {
    account,
    to: account,
    data: encodeFunctionData({
      abi: gasMeterAbi,
      functionName: "measure",
      args: [calls.map((call) => ({ target: call.to, data: call.data }))],
    }),
    stateOverride: [{ address: account, code: gasMeterRuntimeCode as Hex }],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  };
  try {
    const { data } = await client.call(request);
    const gasUsed = decodeFunctionResult({ abi: gasMeterAbi, functionName: "measure", data: data ?? "0x" });
    return { ok: true, gasUsed };
  } catch (error) {
    const data = revertDataOf(error);
    if (data === undefined) throw error;
    const failed = decodeErrorResult({ abi: gasMeterAbi, data });
    if (failed.errorName !== "CallFailed") throw error;
    const [index, reasonData] = failed.args;
    return {
      ok: false,
      index: Number(index),
      reason: reasonData === "0x" ? undefined : revertFromData(reasonData),
    };
  }
}
