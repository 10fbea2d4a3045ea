import type { ReactNode } from "react";

export function StakeRoute(): ReactNode {
  return <h1>Stake</h1>;
}
