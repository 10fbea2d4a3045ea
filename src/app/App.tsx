import type { ReactNode } from "react";
import { BrowserRouter } from "react-router-dom";
import { RouteErrorBoundary } from "../ui/shell/RouteError";
import { AppProviders, type AppServices } from "./providers/AppProviders";
import { AppRoutes } from "./router";

export function App({ services }: { services: AppServices }): ReactNode {
  return (
    <AppProviders services={services}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
