import { useState, type ReactNode } from "react";
import { RouterProvider } from "react-router-dom";
import { RecentTransactionsFeed } from "../ui/wallet/RecentTransactionsFeed";
import { AppProviders, type AppServices } from "./providers/AppProviders";
import { createAppRouter } from "./router";

export function App({ services }: { services: AppServices }): ReactNode {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders services={services}>
      {/* Transaction records feed the account modal's recent list on every page. */}
      <RecentTransactionsFeed />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
