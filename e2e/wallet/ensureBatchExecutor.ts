import { concatHex, type Address, type Hex } from "viem";
import { batchExecutorRuntimeCode } from "./batchExecutor.generated";

/**
 * Where the wallet puts contracts/test/BatchExecutor.sol on a test chain (the digits say EIP-5792).
 * A fixed address, so a delegation made in one test reads the same in the next and in the app's specs.
 */
export const BATCH_EXECUTOR_ADDRESS: Address = "0x0000000000000000000000000000000000005792";

/** An account's code once it delegated to the executor (EIP-7702's delegation designator). */
export const DELEGATED_CODE: Hex = concatHex(["0xef0100", BATCH_EXECUTOR_ADDRESS.toLowerCase() as Hex]);

type NodeRequest = (method: string, params: readonly unknown[]) => Promise<unknown>;

/**
 * Makes sure the executor's code is on the node, installing it with `hardhat_setCode` if not (a new
 * chain, or one reverted to a snapshot taken before). Installing sends no transaction, so no account's
 * nonce moves and no block is mined. Hardhat's simulated chains only: anywhere else it throws.
 */
export async function ensureBatchExecutor(request: NodeRequest): Promise<Address> {
  if ((await request("eth_getCode", [BATCH_EXECUTOR_ADDRESS, "latest"])) === batchExecutorRuntimeCode)
    return BATCH_EXECUTOR_ADDRESS;
  const clientVersion = String(await request("web3_clientVersion", []));
  if (!clientVersion.startsWith("HardhatNetwork/"))
    throw new Error(`the test wallet batches only on a Hardhat simulated chain, not on ${clientVersion}`);
  await request("hardhat_setCode", [BATCH_EXECUTOR_ADDRESS, batchExecutorRuntimeCode]);
  return BATCH_EXECUTOR_ADDRESS;
}
