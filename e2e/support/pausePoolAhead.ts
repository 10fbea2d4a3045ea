import { encodeFunctionData, parseGwei, type Hash } from "viem";
import { stakingAbi } from "../../src/adapters/chain/abis.generated";
import type { ChainClients } from "./chainClients";
import type { E2eStack } from "./e2eStack";

/**
 * The pool's owner (account 0, unlocked at the node) sends pause() with a high tip and does not wait:
 * with blocks held, the next block mined runs it before the user's pending transaction, which the
 * app's check and the wallet's estimate both passed, so that one is mined with status 0.
 */
export async function pausePoolAhead(
  chain: ChainClients,
  stack: Pick<E2eStack, "accounts" | "contracts">,
): Promise<Hash> {
  return (await chain.testClient.request({
    method: "eth_sendTransaction",
    params: [
      {
        from: stack.accounts[0]!,
        to: stack.contracts.staking,
        data: encodeFunctionData({ abi: stakingAbi, functionName: "pause" }),
        maxPriorityFeePerGas: `0x${parseGwei("50").toString(16)}`,
      },
    ],
  } as never)) as Hash;
}
