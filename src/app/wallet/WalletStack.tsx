import "@rainbow-me/rainbowkit/styles.css";
import {
  ConnectButton,
  createAuthenticationAdapter,
  darkTheme,
  RainbowKitAuthenticationProvider,
  RainbowKitProvider,
  useConnectModal,
} from "@rainbow-me/rainbowkit";
import type { Config } from "@wagmi/core";
import type { Container } from "inversify";
import { useEffect, useMemo, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useAccount, WagmiProvider } from "wagmi";
import type { Address } from "../../domain/address";
import { RecentTransactionsFeed } from "../../ui/wallet/RecentTransactionsFeed";
import { createSignInMessage } from "../auth/createSignInMessage";
import { useSignIn } from "../../ui/hooks/SignInContext";
import { SignInModalOpener } from "../auth/SignInModalOpener";
import type { AppConfig } from "../config/appConfig";
import { bindChainAdapters } from "../container/bindChainAdapters";
import { useContainer } from "../container/ContainerContext";
import { TOKENS } from "../../application/serviceTokens";
import { APP_TOKENS } from "../container/appTokens";
import { useInjection } from "../../ui/services/useInjection";
import { ACCENT_GREEN } from "../theme";
import { createWagmiConfig } from "./createWagmiConfig";
import { PendingTransactionsSettler } from "./PendingTransactionsSettler";
import { reconnectStoredWallets } from "./reconnectStoredWallets";
import { storedConnectorIds } from "./storedWalletConnection";
import { usePublishWalletState, useReconnectOnMount } from "./WalletProvider";
import { useWallet } from "../../ui/hooks/WalletContext";

// One wagmi config per container (the app has one), made when the stack first renders.
const wagmiConfigs = new WeakMap<Container, Config>();

/**
 * The container's wagmi config. Made for a stored connection (`reconnect`), it starts reconnecting
 * that connection's wallet at once, before WagmiProvider's own reconnect could ask every wallet.
 */
function wagmiConfigFor(container: Container, appConfig: AppConfig, reconnect: boolean): Config {
  let config = wagmiConfigs.get(container);
  if (!config) {
    // Read before the config is made: once it exists, wagmi's stored state no longer lists the
    // connections (seen in the browser tests: connections [], current null).
    const storedIds = reconnect ? storedConnectorIds() : undefined;
    config = createWagmiConfig(appConfig);
    bindChainAdapters(container, appConfig, config);
    wagmiConfigs.set(container, config);
    reconnectStoredWallets(config, storedIds);
  }
  return config;
}

/**
 * The wallet stack, loaded on demand (WalletProvider): wagmi (the connection, auto-connect), RainbowKit
 * (connect, account and chain modals, the header's button, "Verify your account"), the chain adapters.
 */
export default function WalletStack(): ReactNode {
  const container = useContainer();
  const appConfig = useInjection(APP_TOKENS.appConfig);
  // A first visit (the stack loaded for Connect Wallet or the warm-up) has nothing to reconnect.
  const reconnectOnMount = useReconnectOnMount();
  const wagmiConfig = wagmiConfigFor(container, appConfig, reconnectOnMount);
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={reconnectOnMount}>
      <SignInAuthentication>
        <RainbowKitProvider
          appInfo={{ appName: appConfig.appName }}
          initialChain={appConfig.chains[0].id}
          showRecentTransactions
          theme={darkTheme({
            accentColor: ACCENT_GREEN,
            accentColorForeground: "#ffffff",
            borderRadius: "medium",
          })}
        >
          <WalletBridge />
          <SignInModalOpener />
          <RecentTransactionsFeed />
          <PendingTransactionsSettler />
          <HeaderConnectButton />
        </RainbowKitProvider>
      </SignInAuthentication>
    </WagmiProvider>
  );
}

/** Hands the app's sign-in state to RainbowKit's authentication ("Verify your account"). */
function SignInAuthentication({ children }: { children: ReactNode }): ReactNode {
  const { status, requested, completeSignIn, signOut } = useSignIn();
  const gateway = useInjection(TOKENS.signInGateway);
  const adapter = useMemo(
    () =>
      createAuthenticationAdapter<string>({
        getNonce: () => gateway.getNonce(),
        createMessage: (args) => createSignInMessage(args, window.location),
        verify: ({ message, signature }) => completeSignIn(message, signature as `0x${string}`),
        signOut,
      }),
    [gateway, completeSignIn, signOut],
  );
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={status} enabled={requested}>
      {children}
    </RainbowKitAuthenticationProvider>
  );
}

/** Reports wagmi's account and RainbowKit's connect modal to the rest of the app (WalletContext). */
function WalletBridge(): null {
  const { address, chainId, isConnected, status } = useAccount();
  const restoring = status === "reconnecting" || status === "connecting";
  const { openConnectModal, connectModalOpen } = useConnectModal();
  const publish = usePublishWalletState();
  useEffect(() => {
    publish({
      account: { address: address as Address | undefined, chainId, isConnected },
      restoring,
      connectModalOpen,
      openConnectModal,
    });
  }, [publish, address, chainId, isConnected, restoring, connectModalOpen, openConnectModal]);
  return null;
}

/**
 * RainbowKit's account button (and its chain button), drawn into the header's slot (spec defaults)
 * once a wallet is connected. While disconnected the app's own Connect Wallet (WalletButton) stays and
 * opens RainbowKit's modal: swapping buttons when this stack finishes loading would put a new,
 * not yet interactive button under a finger that is pressing the old one, and the press would be lost.
 */
function HeaderConnectButton(): ReactNode {
  const { buttonSlot, account } = useWallet();
  if (!buttonSlot || !account.isConnected) return null;
  return createPortal(
    <ConnectButton
      label="Connect Wallet"
      accountStatus="full"
      chainStatus={{ smallScreen: "icon", largeScreen: "full" }}
      showBalance={{ smallScreen: false, largeScreen: true }}
    />,
    buttonSlot,
  );
}
