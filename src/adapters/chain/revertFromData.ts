import { ContractFunctionRevertedError, type Hex } from "viem";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { projectErrorsAbi } from "./projectErrorsAbi";
import { toChainDomainError } from "./toChainDomainError";

/**
 * Raw revert data (from a replay or a measured call) decoded as a simulated revert is: the project's
 * custom errors by name, require strings, panics; an unknown custom error by its selector.
 */
export function revertFromData(data: Hex): ContractRevertError | undefined {
  const decoded = toChainDomainError(
    new ContractFunctionRevertedError({ abi: projectErrorsAbi, data, functionName: "call" }),
  );
  return decoded instanceof ContractRevertError ? decoded : undefined;
}
