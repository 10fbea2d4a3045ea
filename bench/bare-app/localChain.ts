import { defineChain } from "viem";

/** Where the local Hardhat node listens; the benchmark sets it like the app's own build does. */
export const LOCAL_RPC_URL: string = import.meta.env.VITE_LOCAL_RPC_URL || "http://127.0.0.1:8545";

/** The same local chain definition as the app's (chain 31337, Multicall3 at its canonical address). */
export const localChain = defineChain({
  id: 31337,
  name: "POO Local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [LOCAL_RPC_URL] } },
  contracts: { multicall3: { address: "0xcA11bde05977b3631167028862bE2a173976CA11", blockCreated: 0 } },
  testnet: true,
});
