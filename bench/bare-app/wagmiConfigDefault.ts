import { getDefaultConfig } from "@rainbow-me/rainbowkit";
import { http } from "wagmi";
import { localChain, LOCAL_RPC_URL } from "./localChain";

/**
 * RainbowKit's quick-start setup: getDefaultConfig with its default wallet list (Safe, Rainbow,
 * Coinbase, MetaMask, WalletConnect) and a placeholder WalletConnect project id. Built when
 * BARE_WALLETS=default (the benchmark's second baseline).
 */
export const wagmiConfig = getDefaultConfig({
  appName: "Bare RainbowKit app",
  projectId: "bench-placeholder-project-id",
  chains: [localChain],
  transports: { [localChain.id]: http(LOCAL_RPC_URL, { batch: true }) },
  ssr: false,
});
