import type { QueryClient } from "@tanstack/react-query";
import { PersistQueryClientProvider, type Persister } from "@tanstack/react-query-persist-client";
import type { Container } from "inversify";
import type { ReactNode } from "react";
import type { AppConfig } from "../config/appConfig";
import { SignInProvider } from "../../ui/hooks/SignInContext";
import { ContainerProvider } from "../container/ContainerContext";
import { PERSIST_MAX_AGE_MS } from "../../ui/query/persistMaxAge";
import { ServicesProvider } from "../../ui/services/ServicesContext";
import { shouldPersistQuery } from "../query/createQueryClient";
import { prefetchWalletCode } from "../wallet/prefetchWalletCode";
import { WalletProvider, WalletStackHost, type WalletStackComponent } from "../wallet/WalletProvider";

export interface AppServices {
  config: AppConfig;
  queryClient: QueryClient;
  persister: Persister;
  container: Container;
}

// Its own chunk: wagmi, RainbowKit, viem's clients and the wallet SDKs load only when needed.
const loadWalletStack = async (): Promise<WalletStackComponent> =>
  (await import("../wallet/WalletStack")).default;
// Called back by the wallet provider: no argument it might pass must reach prefetchWalletCode's parameters.
const prefetchWalletStack = (): void => {
  prefetchWalletCode();
};

/**
 * TanStack Query with the persisted cache (every hook, wagmi's included, uses it), the use-case
 * container, the wallet (the stack itself loads on demand and renders beside the pages), sign-in.
 */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}): ReactNode {
  const { queryClient, persister, container } = services;
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: PERSIST_MAX_AGE_MS,
        // Bump when the shape of persisted data changes, so old caches are dropped.
        buster: "v2",
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
      }}
    >
      <ContainerProvider container={container}>
        <ServicesProvider services={container}>
          <WalletProvider load={loadWalletStack} prefetch={prefetchWalletStack}>
            <SignInProvider>
              {children}
              <WalletStackHost />
            </SignInProvider>
          </WalletProvider>
        </ServicesProvider>
      </ContainerProvider>
    </PersistQueryClientProvider>
  );
}
