import type { ReactNode } from "react";
import { LaunchPage } from "../../ui/launch/LaunchPage/LaunchPage";

export function LaunchRoute(): ReactNode {
  return <LaunchPage />;
}
