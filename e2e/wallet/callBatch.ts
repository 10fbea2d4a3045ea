import { numberToHex, type Address, type Hash, type Hex } from "viem";
import type { BatchCall } from "./walletCallsParams";
import { CALLS_VERSION } from "./walletCallsParams";

/** A transaction sent for a batch: its current hash (a speed-up's, once sped up) and a cancel's, if any. */
export interface BatchTransaction {
  hash: Hash;
  cancelledBy?: Hash;
}

/** The wallet's record of one wallet_sendCalls it accepted. */
export interface CallBatch {
  readonly id: string;
  readonly origin: string;
  readonly from: Address;
  readonly chainId: number;
  readonly calls: readonly BatchCall[];
  readonly atomicRequired: boolean;
  /** One EIP-7702 transaction for all calls (else one transaction per call, in order). */
  readonly atomic: boolean;
  /** The transaction also delegated the account to the executor. */
  readonly upgraded: boolean;
  readonly transactions: BatchTransaction[];
  /** No further transaction will be sent for it (atomic: at once; one by one: after the last or a failure). */
  settled: boolean;
}

type NodeRequest = (method: string, params: readonly unknown[]) => Promise<unknown>;

interface RpcReceipt {
  readonly status: Hex;
  readonly blockHash: Hash;
  readonly blockNumber: Hex;
  readonly gasUsed: Hex;
  readonly transactionHash: Hash;
  readonly logs: readonly {
    readonly address: Address;
    readonly data: Hex;
    readonly topics: readonly Hex[];
  }[];
}

/** Where a batch transaction stands on the node. */
export type TransactionOutcome =
  | { readonly kind: "pending" }
  /** Not included and never will be: replaced by a cancel that was mined, or unknown to the node. */
  | { readonly kind: "dropped" }
  | { readonly kind: "mined"; readonly receipt: RpcReceipt };

export async function transactionOutcome(
  transaction: BatchTransaction,
  request: NodeRequest,
): Promise<TransactionOutcome> {
  const watched = transaction.cancelledBy ?? transaction.hash;
  const receipt = (await request("eth_getTransactionReceipt", [watched])) as RpcReceipt | null;
  if (receipt) return transaction.cancelledBy ? { kind: "dropped" } : { kind: "mined", receipt };
  const known = await request("eth_getTransactionByHash", [watched]);
  return known ? { kind: "pending" } : { kind: "dropped" };
}

/** EIP-5792 status codes. */
const Status = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partiallyReverted: 600,
} as const;

/**
 * wallet_getCallsStatus's answer, read from the node each time: 100 while a transaction is pending or
 * more are to be sent; 200 when every call was mined with success; 600 (or `partialStatus`) when some
 * succeeded and a later one failed or was never sent; 500 when what was mined reverted; 400 when
 * nothing was included (a cancel replaced it, or the node dropped it). Receipts are the node's, in
 * EIP-5792's shape, for what was mined, in the order the transactions were sent.
 */
export async function callsStatus(
  batch: CallBatch,
  request: NodeRequest,
  partialStatus: 500 | 600 = Status.partiallyReverted,
): Promise<object> {
  const outcomes = await Promise.all(batch.transactions.map((tx) => transactionOutcome(tx, request)));
  const receipts = outcomes.flatMap((outcome) => (outcome.kind === "mined" ? [outcome.receipt] : []));
  const succeeded = receipts.filter((receipt) => receipt.status === "0x1").length;
  const expected = batch.atomic ? 1 : batch.calls.length;
  const status =
    !batch.settled || outcomes.some((outcome) => outcome.kind === "pending")
      ? Status.pending
      : succeeded === expected
        ? Status.confirmed
        : succeeded > 0
          ? partialStatus
          : receipts.length > 0
            ? Status.reverted
            : Status.offchainFailure;
  return {
    version: CALLS_VERSION,
    id: batch.id,
    chainId: numberToHex(batch.chainId),
    status,
    atomic: batch.atomic,
    ...(status === Status.pending
      ? {}
      : {
          receipts: receipts.map((receipt) => ({
            logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
            status: receipt.status,
            blockHash: receipt.blockHash,
            blockNumber: receipt.blockNumber,
            gasUsed: receipt.gasUsed,
            transactionHash: receipt.transactionHash,
          })),
        }),
  };
}
