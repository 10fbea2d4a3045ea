import { useState, type ReactNode } from "react";
import { Header } from "../ui/shell/Header";
import type { AppConfig } from "./config/appConfig";
import { AppProviders } from "./providers/AppProviders";
import { createWagmiConfig } from "./wallet/createWagmiConfig";

export function App({ config }: { config: AppConfig }): ReactNode {
  const [wagmiConfig] = useState(() => createWagmiConfig(config));
  return (
    <AppProviders config={config} wagmiConfig={wagmiConfig}>
      <Header />
    </AppProviders>
  );
}
