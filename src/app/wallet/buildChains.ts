import { defineChain, type Chain } from "viem";
import { sepolia } from "viem/chains";
import type { ChainSettings } from "../config/appConfig";

/** The canonical Multicall3 address; the local stack installs a compatible contract there. */
export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";

export function buildChain(settings: ChainSettings): Chain {
  const explorer = settings.explorerUrl
    ? { blockExplorers: { default: { name: "Explorer", url: settings.explorerUrl } } }
    : {};
  if (settings.key === "sepolia") {
    return { ...sepolia, rpcUrls: { default: { http: settings.rpcUrls } }, ...explorer };
  }
  return defineChain({
    id: settings.id,
    name: "POO Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: settings.rpcUrls } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 0 } },
    testnet: true,
    ...explorer,
  });
}
