import { useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { Signer } from "../../application/ports/signer";
import type { TransactionIdentity } from "../../application/ports/transactionWaiter";
import type { TransactionEventListener, TransactionKind } from "../../application/use-cases/trackTransaction";
import type { RecordOutcome } from "../../domain/settledTransactionRecord";
import type { TransactionHash } from "../../domain/transactionHash";
import type { TransactionRecord } from "../../domain/transactionRecord";
import { TOKENS } from "../../application/serviceTokens";
import { useInjection } from "../services/useInjection";
import { transactionKeys } from "../query/queryKeys";
import { useWalletAccount } from "./WalletContext";

/** Every pending record plus the 10 newest others for the connected account and chain. */
export function useTransactionRecords(): UseQueryResult<TransactionRecord[]> {
  const { address, chainId } = useWalletAccount();
  const list = useInjection(TOKENS.listTransactions);
  return useQuery({
    queryKey: transactionKeys.list(chainId ?? 0, address ?? "none"),
    queryFn: () => (address && chainId ? list.execute({ account: address, chainId }) : []),
    enabled: address !== undefined && chainId !== undefined,
    staleTime: Infinity,
  });
}

/**
 * Hashes (and batch ids) a flow of this page is waiting on, in lower case: the settling of records
 * left pending by an earlier visit skips them (one waiter per transaction).
 */
const waitedOnByFlows = new Set<string>();

export function isWaitedOnByFlow(hash: string): boolean {
  return waitedOnByFlows.has(hash.toLowerCase());
}

export interface TransactionRecorder {
  add(signer: Signer, hash: TransactionHash, description: string, identity?: TransactionIdentity): void;
  /** A batch the wallet accepted: pending under its id until it is mined. */
  addBatch(signer: Signer, batchId: string, description: string): void;
  /** `id`: the hash sent, or the batch's id. */
  settle(signer: Signer, id: string, outcome: RecordOutcome): void;
}

/** Writes records through the use cases and refreshes the list that shows them. */
export function useTransactionRecorder(): TransactionRecorder {
  const record = useInjection(TOKENS.recordTransaction);
  const settleRecord = useInjection(TOKENS.settleTransactionRecord);
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = ({ account, chainId }: Signer): void =>
      void queryClient.invalidateQueries({ queryKey: transactionKeys.list(chainId, account) });
    return {
      add(signer, hash, description, identity) {
        record.execute(signer, {
          hash,
          description,
          status: "pending",
          ...(identity
            ? {
                nonce: identity.nonce,
                ...(identity.to ? { to: identity.to } : {}),
                ...(identity.input ? { input: identity.input } : {}),
              }
            : {}),
        });
        refresh(signer);
      },
      addBatch(signer, batchId, description) {
        record.execute(signer, { batchId, description, status: "pending" });
        refresh(signer);
      },
      settle(signer, id, outcome) {
        settleRecord.execute(signer, id, outcome);
        refresh(signer);
      },
    };
  }, [record, settleRecord, queryClient]);
}

/** What a flow gets from the journal: its event listener, and `release` for when the flow ends. */
export interface FlowJournal {
  readonly onEvent: TransactionEventListener;
  /**
   * Hands transactions the flow stopped waiting on (the wait timed out, the RPC failed) to the
   * settling of pending records. Call it when the flow ends, whatever its outcome.
   */
  readonly release: () => void;
}

/**
 * Keeps the records of a flow's transactions: pending when sent (with sender and nonce once the
 * chain knows it), then settled from each transaction's own outcome.
 */
export function useTransactionJournal(): (
  signer: Signer,
  describe: (kind: TransactionKind) => string,
) => FlowJournal {
  const recorder = useTransactionRecorder();
  const queryClient = useQueryClient();
  return useCallback(
    (signer, describe) => {
      const waiting = new Set<string>();
      const onEvent: TransactionEventListener = (event) => {
        switch (event.type) {
          case "requested":
            return;
          case "sent":
            waiting.add(event.hash.toLowerCase());
            waitedOnByFlows.add(event.hash.toLowerCase());
            recorder.add(signer, event.hash, describe(event.kind));
            return;
          case "seen":
            recorder.add(signer, event.hash, describe(event.kind), event.identity);
            return;
          case "settled":
            waiting.delete(event.hash.toLowerCase());
            waitedOnByFlows.delete(event.hash.toLowerCase());
            recorder.settle(signer, event.hash, event.outcome);
            return;
          case "batch-sent":
            waiting.add(event.batchId.toLowerCase());
            waitedOnByFlows.add(event.batchId.toLowerCase());
            recorder.addBatch(signer, event.batchId, describe(event.kind));
            return;
          case "batch-settled":
            waiting.delete(event.batchId.toLowerCase());
            waitedOnByFlows.delete(event.batchId.toLowerCase());
            recorder.settle(signer, event.batchId, event.outcome);
            return;
          case "fallback":
            return;
        }
      };
      const release = (): void => {
        if (waiting.size === 0) return;
        for (const hash of waiting) waitedOnByFlows.delete(hash);
        waiting.clear();
        void queryClient.invalidateQueries({
          queryKey: transactionKeys.list(signer.chainId, signer.account),
        });
      };
      return { onEvent, release };
    },
    [recorder, queryClient],
  );
}
