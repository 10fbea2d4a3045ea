import type { ReactNode } from "react";
import { StakePage } from "../../ui/stake/StakePage/StakePage";

export function StakeRoute(): ReactNode {
  return <StakePage />;
}
