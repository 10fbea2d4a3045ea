import { useState, type ReactNode } from "react";
import { RouterProvider } from "react-router-dom";
import { AppProviders, type AppServices } from "./providers/AppProviders";
import { createAppRouter } from "./router";

export function App({ services }: { services: AppServices }): ReactNode {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
