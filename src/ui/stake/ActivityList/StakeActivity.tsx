import type { ReactNode } from "react";
import { useConnectedChain } from "../useConnectedChain";
import { useStakeActivity } from "../../hooks/useStakeActivity";
import { toDomainError } from "../../../domain/errors/toDomainError";
import { ACTIVITY_INCOMPLETE_TEXT } from "../../../domain/stakeActivity";
import { ActivityList } from "./ActivityList";

/** The activity list with its data: loaded lazily by the Stake page once a wallet is connected. */
export default function StakeActivity(): ReactNode {
  const query = useStakeActivity();
  const chain = useConnectedChain();
  return (
    <ActivityList
      entries={query.data?.entries}
      error={
        query.error
          ? toDomainError(query.error).shortMessage
          : query.data?.incomplete
            ? ACTIVITY_INCOMPLETE_TEXT
            : undefined
      }
      explorerUrl={chain?.explorerUrl}
    />
  );
}
