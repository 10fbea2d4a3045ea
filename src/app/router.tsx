import { createBrowserRouter, Navigate } from "react-router-dom";
import { Layout } from "../ui/shell/Layout";
import { RouteError } from "../ui/shell/RouteError";
import { StakeRoute } from "./routes/StakeRoute";

export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <StakeRoute /> },
        {
          path: "launch",
          // The launch page is its own chunk: / does not pay for it at start-up.
          lazy: async () => ({ Component: (await import("./routes/LaunchRoute")).LaunchRoute }),
        },
        // Unknown paths (and the disabled sections) go home, replacing the history entry.
        { path: "*", element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
