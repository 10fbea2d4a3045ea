import type { ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { Layout } from "../ui/shell/Layout";
import { LaunchRoute } from "./routes/LaunchRoute";
import { StakeRoute } from "./routes/StakeRoute";

/**
 * The app's routes in React Router's declarative mode. The data router (createBrowserRouter) would
 * add about 17 KiB gzip of loader and action machinery to the start-up entry that no route uses.
 */
export function AppRoutes(): ReactNode {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<StakeRoute />} />
        {/* Not a lazy chunk: that cost /launch a second round trip before its first paint (Lighthouse
            mobile FCP about +0.3 s) to save / about 6 KiB gzip. The wallet stack is what stays lazy. */}
        <Route path="launch" element={<LaunchRoute />} />
        {/* Unknown paths (and the disabled sections) go home, replacing the history entry. */}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
