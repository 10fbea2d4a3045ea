import type { ReactNode } from "react";

export function LaunchRoute(): ReactNode {
  return <h1>Launch</h1>;
}
