import "@rainbow-me/rainbowkit/styles.css";
import { ConnectButton, RainbowKitProvider } from "@rainbow-me/rainbowkit";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { WagmiProvider } from "wagmi";
// vite.config.ts points this at wagmiConfigDefault.ts when BARE_WALLETS=default.
import { wagmiConfig } from "./wagmiConfig";

const queryClient = new QueryClient();
const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing from index.html");

createRoot(rootElement).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider>
          <main style={{ fontFamily: "system-ui, sans-serif", padding: 24 }}>
            <h1>Bare RainbowKit app</h1>
            <ConnectButton />
          </main>
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
);
