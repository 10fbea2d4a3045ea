import { createPublicClient, createTestClient, createWalletClient, defineChain, http } from "viem";

/**
 * Plain viem clients on an in-process chain (chain 31337; its accounts are unlocked), to do what a
 * wallet or the pool's owner does behind the app's back.
 */
export function nodeClients(url: string) {
  const chain = defineChain({
    id: 31337,
    name: "POO Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const transport = http(url, { retryCount: 0 });
  return {
    publicClient: createPublicClient({ chain, transport }),
    walletClient: createWalletClient({ chain, transport }),
    testClient: createTestClient({ chain, transport, mode: "hardhat" }),
  };
}
