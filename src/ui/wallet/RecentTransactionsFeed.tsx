import { useAddRecentTransaction } from "@rainbow-me/rainbowkit";
import { useEffect, useRef } from "react";
import { useTransactionRecords } from "../../app/hooks/useTransactionRecords";
import { useWalletAccount } from "../../app/wallet/WalletContext";
import { transactionsToAnnounce } from "./transactionsToAnnounce";

/**
 * Feeds the app's transaction records (written by the stake and unstake flows) into RainbowKit's
 * recent-transactions store, so the account modal lists the newest ones with our descriptions.
 * Renders nothing. Rendered by the wallet stack, inside RainbowKitProvider.
 */
export function RecentTransactionsFeed(): null {
  const { data: records } = useTransactionRecords();
  const { address, chainId } = useWalletAccount();
  const addRecentTransaction = useAddRecentTransaction();
  // Per account and chain: the hashes already handed to RainbowKit during this page load.
  const announced = useRef(new Map<string, Set<string>>());

  useEffect(() => {
    if (!records || !address || chainId === undefined) return;
    const key = `${chainId}:${address.toLowerCase()}`;
    const seen = announced.current.get(key);
    const batch = transactionsToAnnounce(records, seen);
    const next = seen ?? new Set<string>();
    // Only settled records are handed over (see transactionsToAnnounce): a pending one is not
    // marked, so it is handed over once it settles.
    for (const record of records) if (record.status !== "pending") next.add(record.hash.toLowerCase());
    announced.current.set(key, next);
    for (const transaction of batch) addRecentTransaction(transaction);
  }, [records, address, chainId, addRecentTransaction]);

  return null;
}
