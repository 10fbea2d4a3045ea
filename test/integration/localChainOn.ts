import { defineChain } from "viem";

/** The in-process chain (31337) as viem and wagmi know it, served at `url`. */
export function localChainOn(url: string) {
  return defineChain({
    id: 31337,
    name: "POO Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
}
