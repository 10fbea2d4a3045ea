import { useState, type ReactNode } from "react";
import { RouterProvider } from "react-router-dom";
import type { Config } from "wagmi";
import type { AppConfig } from "./config/appConfig";
import { AppProviders } from "./providers/AppProviders";
import { createAppRouter } from "./router";

export function App({ config, wagmiConfig }: { config: AppConfig; wagmiConfig: Config }): ReactNode {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders config={config} wagmiConfig={wagmiConfig}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
