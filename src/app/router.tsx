import { createBrowserRouter, Navigate } from "react-router-dom";
import { Layout } from "../ui/shell/Layout";
import { RouteError } from "../ui/shell/RouteError";
import { LaunchRoute } from "./routes/LaunchRoute";
import { StakeRoute } from "./routes/StakeRoute";

export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <StakeRoute /> },
        // Not a lazy chunk: that cost /launch a second round trip before its first paint (Lighthouse
        // mobile FCP about +0.3 s) to save / about 6 KiB gzip. The wallet stack is what stays lazy.
        { path: "launch", element: <LaunchRoute /> },
        // Unknown paths (and the disabled sections) go home, replacing the history entry.
        { path: "*", element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
