import type { ReactNode } from "react";
import { StakePage } from "../../ui/stake/StakePage/StakePage";
import { RecentTransactionsFeed } from "../../ui/wallet/RecentTransactionsFeed";

export function StakeRoute(): ReactNode {
  return (
    <>
      {/* Stake and unstake are sent from this page; their records feed the account modal's list. */}
      <RecentTransactionsFeed />
      <StakePage />
    </>
  );
}
