import { darkTheme, RainbowKitProvider } from "@rainbow-me/rainbowkit";
import type { QueryClient } from "@tanstack/react-query";
import { PersistQueryClientProvider, type Persister } from "@tanstack/react-query-persist-client";
import type { Container } from "inversify";
import type { ReactNode } from "react";
import { WagmiProvider, type Config } from "wagmi";
import type { AppConfig } from "../config/appConfig";
import { SignInProvider } from "../auth/SignInContext";
import { SignInModalOpener } from "../auth/SignInModalOpener";
import { ContainerProvider } from "../container/ContainerContext";
import { PERSIST_MAX_AGE_MS, shouldPersistQuery } from "../query/createQueryClient";

// White text on it has a 5.4:1 contrast ratio (WCAG AA needs 4.5:1).
export const ACCENT_GREEN = "#1a7a43";

export interface AppServices {
  config: AppConfig;
  wagmiConfig: Config;
  queryClient: QueryClient;
  persister: Persister;
  container: Container;
}

/**
 * wagmi first (it owns the connection), then TanStack Query with the persisted cache (wagmi's hooks
 * and ours use it), the use-case container, sign-in (RainbowKit's authentication wraps RainbowKit),
 * then RainbowKit.
 */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}): ReactNode {
  const { config, wagmiConfig, queryClient, persister, container } = services;
  return (
    <WagmiProvider config={wagmiConfig}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister,
          maxAge: PERSIST_MAX_AGE_MS,
          // Bump when the shape of persisted data changes, so old caches are dropped.
          buster: "v1",
          dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
        }}
      >
        <ContainerProvider container={container}>
          <SignInProvider>
            <RainbowKitProvider
              appInfo={{ appName: config.appName }}
              initialChain={config.chains[0].id}
              showRecentTransactions
              theme={darkTheme({
                accentColor: ACCENT_GREEN,
                accentColorForeground: "#ffffff",
                borderRadius: "medium",
              })}
            >
              <SignInModalOpener />
              {children}
            </RainbowKitProvider>
          </SignInProvider>
        </ContainerProvider>
      </PersistQueryClientProvider>
    </WagmiProvider>
  );
}
