import { createPublicClient, createTestClient, createWalletClient, http } from "viem";
import { localChainOn } from "./localChainOn.ts";

/**
 * Plain viem clients on an in-process chain (chain 31337; its accounts are unlocked), to do what a
 * wallet or the pool's owner does behind the app's back.
 */
export function nodeClients(url: string) {
  const chain = localChainOn(url);
  const transport = http(url, { retryCount: 0 });
  return {
    publicClient: createPublicClient({ chain, transport }),
    walletClient: createWalletClient({ chain, transport }),
    testClient: createTestClient({ chain, transport, mode: "hardhat" }),
  };
}
