import { createWalletClient, http } from "viem";
import { referenceStakingAbi } from "../../src/adapters/chain/abis.generated";
import type { ChainClients } from "./chainClients";
import type { E2eStack } from "./e2eStack";

/**
 * The pool's owner (the deployer, account 0) pauses or unpauses ReferenceStaking from the test, as
 * the real owner could at any moment; resolves once the transaction is mined.
 */
export async function setPoolPaused(
  chain: ChainClients,
  stack: Pick<E2eStack, "contracts" | "chainUrl" | "accounts">,
  paused: boolean,
): Promise<void> {
  const owner = stack.accounts[0];
  if (!owner) throw new Error("the stack has no account 0");
  const walletClient = createWalletClient({
    chain: chain.publicClient.chain,
    transport: http(stack.chainUrl, { retryCount: 0 }),
  });
  const hash = await walletClient.writeContract({
    account: owner,
    chain: chain.publicClient.chain,
    address: stack.contracts.staking,
    abi: referenceStakingAbi,
    functionName: paused ? "pause" : "unpause",
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (receipt.status !== "success") throw new Error(`${paused ? "pause" : "unpause"} reverted (${hash})`);
}
