import { connectorsForWallets, type WalletList } from "@rainbow-me/rainbowkit";
import {
  coinbaseWallet,
  injectedWallet,
  metaMaskWallet,
  rainbowWallet,
  safeWallet,
  walletConnectWallet,
} from "@rainbow-me/rainbowkit/wallets";
import type { Chain, Transport } from "viem";
import { createConfig, type Config } from "wagmi";
import type { AppConfig } from "../config/appConfig";
import { chainReadTransport } from "../../adapters/chain/chainReadTransport";
import { buildChain } from "./buildChains";
import { localTestWallet } from "./localTestWallet";

export const MISSING_PROJECT_ID_WARNING =
  "VITE_WALLETCONNECT_PROJECT_ID is not set: WalletConnect-based wallets (MetaMask mobile, Rainbow, QR code) are hidden. Browser wallets still work.";

/** Wallets that need a WalletConnect project id are only listed when one is configured. */
export function walletGroups(config: AppConfig, warn: (message: string) => void): WalletList {
  const hasLocal = config.localTestWallet;
  const popular = config.walletConnectProjectId
    ? [injectedWallet, metaMaskWallet, rainbowWallet, coinbaseWallet, walletConnectWallet]
    : [injectedWallet, coinbaseWallet, safeWallet];
  if (!config.walletConnectProjectId) warn(MISSING_PROJECT_ID_WARNING);
  return [
    { groupName: "Popular", wallets: popular },
    ...(hasLocal ? [{ groupName: "Local chain", wallets: [localTestWallet] }] : []),
  ];
}

export function createWagmiConfig(config: AppConfig, warn: (message: string) => void = console.warn): Config {
  const chains = config.chains.map(buildChain) as [Chain, ...Chain[]];
  const transports: Record<number, Transport> = {};
  // Reads go through the site's gateway, then the chain's public RPCs; the chain definitions (what a
  // wallet is asked to add) name the public RPCs only.
  for (const settings of config.chains) transports[settings.id] = chainReadTransport(settings);
  const connectors = connectorsForWallets(walletGroups(config, warn), {
    appName: config.appName,
    // RainbowKit requires a string; WalletConnect wallets are not listed without a real id.
    projectId: config.walletConnectProjectId ?? "unset",
  });
  return createConfig({
    chains,
    connectors,
    transports,
    batch: { multicall: { wait: 16 } },
    multiInjectedProviderDiscovery: true,
    ssr: false,
  });
}
