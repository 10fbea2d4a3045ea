import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { TOKENS } from "../../application/serviceTokens";
import { transactionRecordKey } from "../../domain/transactionRecordKey";
import { useLazyInjection } from "../../ui/services/useInjection";
import { isWaitedOnByFlow, useTransactionRecords } from "../../ui/hooks/useTransactionRecords";
import { stakeKeys, transactionKeys } from "../../ui/query/queryKeys";
import { useWalletAccount } from "../../ui/hooks/WalletContext";

/**
 * Settles the connected account's records that are pending with nobody waiting on them: left by an
 * earlier visit (the tab was closed or reloaded mid-flow), or by a flow whose wait gave up. Each is
 * settled from its own receipt, or found replaced. Renders nothing; part of the wallet stack, which
 * brings the chain adapters it needs.
 */
/** Pause before a record that could not be settled is tried again. */
const RETRY_AFTER_MS = 15_000;

export function PendingTransactionsSettler(): null {
  const { address, chainId } = useWalletAccount();
  const { data: records } = useTransactionRecords();
  const settlePending = useLazyInjection(TOKENS.settlePendingTransactions);
  const queryClient = useQueryClient();
  const settling = useRef(new Set<string>());
  // Bumped to look again at records that could not be settled: the list itself may come back equal.
  const [retries, setRetries] = useState(0);

  useEffect(() => {
    if (!address || chainId === undefined || !records) return;
    const pending = records.filter((record) => record.status === "pending");
    const due = pending.filter((record) => {
      const id = transactionRecordKey(record);
      return !isWaitedOnByFlow(id) && !settling.current.has(id);
    });
    if (due.length === 0) return;
    const dueHashes = due.map(transactionRecordKey);
    const others = new Set(pending.map(transactionRecordKey).filter((id) => !dueHashes.includes(id)));
    for (const hash of dueHashes) settling.current.add(hash);
    const refresh = (): void => {
      void queryClient.invalidateQueries({ queryKey: transactionKeys.list(chainId, address) });
    };
    void settlePending()
      .execute({ account: address, chainId }, others)
      .then((settled) => {
        const unsettled = dueHashes.filter((id) => !settled.some((s) => s.id === id));
        // Still pending (RPC down, not mined within the wait): look again a little later, not in a loop.
        setTimeout(() => {
          for (const hash of unsettled) settling.current.delete(hash);
          if (unsettled.length > 0) setRetries((count) => count + 1);
        }, RETRY_AFTER_MS);
        for (const hash of dueHashes) if (!unsettled.includes(hash)) settling.current.delete(hash);
        if (settled.length > 0) {
          refresh();
          void queryClient.invalidateQueries({ queryKey: stakeKeys.all });
        }
      });
  }, [address, chainId, records, settlePending, queryClient, retries]);

  return null;
}
