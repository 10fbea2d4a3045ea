import { useAddRecentTransaction } from "@rainbow-me/rainbowkit";
import { useEffect, useRef } from "react";
import { useStakeActivity } from "../hooks/useStakeActivity";
import { useTransactionRecords } from "../hooks/useTransactionRecords";
import { activityDescriptions } from "../../domain/stakeActivityText";
import { useWalletAccount } from "../hooks/WalletContext";
import { chainActivityToAnnounce, transactionsToAnnounce } from "./transactionsToAnnounce";

/**
 * Feeds the app's transaction records (written by the stake and unstake flows) into RainbowKit's
 * recent-transactions store, so the account modal lists the newest ones with our descriptions; beside
 * them, the newest stakes, unstakes and rewards the chain has for the account that this browser did
 * not send (another device, another app). Renders nothing. Rendered by the wallet stack, inside
 * RainbowKitProvider.
 */
export function RecentTransactionsFeed(): null {
  const { data: records } = useTransactionRecords();
  const { data: activity } = useStakeActivity();
  const { address, chainId } = useWalletAccount();
  const addRecentTransaction = useAddRecentTransaction();
  // Per account and chain: the hashes already handed to RainbowKit during this page load.
  const announced = useRef(new Map<string, Set<string>>());

  useEffect(() => {
    if (!records || !address || chainId === undefined) return;
    const key = `${chainId}:${address.toLowerCase()}`;
    const seen = announced.current.get(key);
    const ownHashes = new Set(records.flatMap((record) => (record.hash ? [record.hash.toLowerCase()] : [])));
    const chainLines = activityDescriptions(activity?.entries ?? []).filter(
      (line) => !ownHashes.has(line.hash.toLowerCase()),
    );
    const fromChain = chainActivityToAnnounce(chainLines, seen);
    // The chain's first (older, as a rule), then this browser's, so RainbowKit puts ours on top.
    const batch = [...fromChain, ...transactionsToAnnounce(records, seen)];
    const next = seen ?? new Set<string>();
    // Every line seen now counts as handed over: only newer ones are added later.
    for (const line of chainLines) next.add(line.hash.toLowerCase());
    // Only settled records are handed over (see transactionsToAnnounce): a pending one is not
    // marked, so it is handed over once it settles.
    for (const record of records) {
      if (record.status !== "pending" && record.hash) next.add(record.hash.toLowerCase());
    }
    announced.current.set(key, next);
    for (const transaction of batch) addRecentTransaction(transaction);
  }, [records, activity, address, chainId, addRecentTransaction]);

  return null;
}
