import { connectorsForWallets } from "@rainbow-me/rainbowkit";
import { injectedWallet } from "@rainbow-me/rainbowkit/wallets";
import { createConfig, http } from "wagmi";
import { localChain, LOCAL_RPC_URL } from "./localChain";

/**
 * The baseline the benchmark's target uses: RainbowKit's connectorsForWallets with the injected
 * wallet only (browser wallets, EIP-6963 discovery), no WalletConnect. Same chain and transport as
 * the app: one local chain, viem's http transport with JSON-RPC batching.
 */
export const wagmiConfig = createConfig({
  chains: [localChain],
  connectors: connectorsForWallets([{ groupName: "Installed", wallets: [injectedWallet] }], {
    appName: "Bare RainbowKit app",
    projectId: "unused-no-walletconnect-wallet-listed",
  }),
  transports: { [localChain.id]: http(LOCAL_RPC_URL, { batch: true }) },
  ssr: false,
});
