import { darkTheme, RainbowKitProvider } from "@rainbow-me/rainbowkit";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { WagmiProvider, type Config } from "wagmi";
import type { AppConfig } from "../config/appConfig";

export const ACCENT_GREEN = "#1f8a4c";

interface AppProvidersProps {
  config: AppConfig;
  wagmiConfig: Config;
  children: ReactNode;
}

/** wagmi first (it owns the connection), then TanStack Query (wagmi's hooks use it), then RainbowKit. */
export function AppProviders({ config, wagmiConfig, children }: AppProvidersProps): ReactNode {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider
          appInfo={{ appName: config.appName }}
          initialChain={config.chains[0].id}
          theme={darkTheme({
            accentColor: ACCENT_GREEN,
            accentColorForeground: "#ffffff",
            borderRadius: "medium",
          })}
        >
          {children}
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
