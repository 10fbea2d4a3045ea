import {
  getAccount,
  getCapabilities,
  sendCalls,
  waitForCallsStatus,
  watchAccount,
  type Config,
} from "@wagmi/core";
import { isAddressEqual, type Hash, type PublicClient } from "viem";
import type { Signer } from "../../application/ports/signer";
import type { BatchId, BatchOutcome, StakeBatchGateway } from "../../application/ports/stakeBatchGateway";
import { judgeBatchOutcome, type CheckedBatchReceipt } from "../../application/use-cases/judgeBatchOutcome";
import { walletBatchSettled } from "../../application/use-cases/walletBatchSettled";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import type { AtomicBatching } from "../../domain/stakeSending";
import { assertWalletOn } from "./assertWalletOn";
import { approveAndStakeCalls } from "./approveAndStakeCalls";
import { batchReceiptFacts } from "./batchReceiptFacts";
import type { ChainContracts } from "./ChainContracts";
import { measureCalls, type AccountCall } from "./measureCalls";
import { publicClientOn } from "./publicClientOn";
import { toChainDomainError } from "./toChainDomainError";
import { RECEIPT_POLL_MS, RECEIPT_TIMEOUT_MS } from "./ViemTransactionWaiter";

/** The transactions a wallet's receipts name, each once (a receipt without a hash cannot be checked). */
function namedHashes(receipts: readonly { transactionHash?: Hash | undefined }[] | undefined): Hash[] {
  const hashes = (receipts ?? []).flatMap((receipt) =>
    receipt.transactionHash ? [receipt.transactionHash] : [],
  );
  return [...new Map(hashes.map((hash) => [hash.toLowerCase(), hash])).values()];
}
/** How long a batch's status waits for the wallet to be connected again (after a reload). */
const RECONNECT_WAIT_MS = 30_000;

/**
 * EIP-5792 batches through @wagmi/core (getCapabilities, sendCalls, waitForCallsStatus), which ask the
 * connected wallet; every check of the outcome is made on the app's own RPC for the signer's chain:
 * each transaction the wallet's receipts name (one for an atomic batch, one per transaction for a
 * bundle) is read there, and judgeBatchOutcome decides from those and the wallet's status code. A
 * wallet's "success" counts only when a transaction it names was mined with the stake's POO transfer
 * from the account in its logs.
 */
export class WagmiStakeBatchGateway implements StakeBatchGateway {
  /** The calls of the batches this page sent, to replay a failed one. */
  private readonly sent = new Map<BatchId, readonly AccountCall[]>();

  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
  ) {}

  async atomicBatching(signer: Signer): Promise<AtomicBatching> {
    try {
      const capabilities = (await getCapabilities(this.config, {
        account: signer.account,
        chainId: signer.chainId,
      })) as { atomic?: { status?: unknown }; atomicBatch?: { supported?: unknown } } | undefined;
      const status = capabilities?.atomic?.status;
      if (status === "supported" || status === "ready") return status;
      // EIP-5792's first draft, still answered by some wallets.
      return capabilities?.atomicBatch?.supported === true ? "supported" : "unsupported";
    } catch {
      return "unsupported";
    }
  }

  async sendApproveAndStake(signer: Signer, amount: bigint): Promise<BatchId> {
    try {
      assertWalletOn(this.config, signer);
      const calls = approveAndStakeCalls(this.contracts.on(signer.chainId), amount);
      // Both calls in order as the signer, before the wallet is asked: a revert costs nothing. A node
      // that cannot run the check (no eth_call state overrides) leaves it to the wallet's own.
      const check = await measureCalls(this.client(signer), signer.account, calls).catch(() => undefined);
      if (check && !check.ok) throw check.reason ?? new ContractRevertError();
      assertWalletOn(this.config, signer);
      const { id } = await sendCalls(this.config, {
        account: signer.account,
        chainId: signer.chainId,
        calls: calls.map(({ to, data }) => ({ to, data })),
        forceAtomic: true,
      });
      this.sent.set(id, calls);
      return id;
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  async waitForBatch(batchId: BatchId, signer: Signer): Promise<BatchOutcome> {
    try {
      // Only the wallet knows a batch until it is mined; after a reload it is still reconnecting.
      await this.walletConnected();
      const report = await waitForCallsStatus(this.config, {
        id: batchId,
        pollingInterval: RECEIPT_POLL_MS,
        timeout: RECEIPT_TIMEOUT_MS,
        status: ({ statusCode, receipts }) => walletBatchSettled(statusCode, namedHashes(receipts).length),
      });
      const client = this.client(signer);
      const receipts = await Promise.all(
        namedHashes(report.receipts).map((hash) => this.checked(client, hash, signer)),
      );
      const verdict = judgeBatchOutcome({ statusCode: report.statusCode, receipts });
      if (!verdict) throw new Error(`batch ${batchId}: status ${report.statusCode} is not settled`);
      if (verdict.replayBlock === undefined) return verdict.outcome;
      const failedCall = await this.replay(client, batchId, signer, verdict.replayBlock);
      return { ...verdict.outcome, ...(failedCall ? { failedCall } : {}) };
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  /**
   * A transaction the wallet named, as mined on the app's own RPC: reverted or not, whether it holds
   * the stake or the approval, and (only when it holds neither) whether it is the wallet's cancel.
   */
  private async checked(client: PublicClient, hash: Hash, signer: Signer): Promise<CheckedBatchReceipt> {
    const receipt = await client.waitForTransactionReceipt({
      hash,
      pollingInterval: RECEIPT_POLL_MS,
      timeout: RECEIPT_TIMEOUT_MS,
    });
    const facts = batchReceiptFacts(receipt, this.contracts.on(signer.chainId), signer.account);
    const mined = { hash: receipt.transactionHash, blockNumber: receipt.blockNumber, ...facts };
    if (facts.reverted || facts.staked || facts.approved !== undefined) return { ...mined, cancel: false };
    const transaction = await client.getTransaction({ hash });
    const cancel =
      transaction.to !== null &&
      isAddressEqual(transaction.to, transaction.from) &&
      transaction.value === 0n &&
      transaction.input === "0x";
    return { ...mined, cancel };
  }

  /**
   * Which call failed and why: the batch's calls measured again as the signer on the state before the
   * block the revert was mined in, then on the block's own (a pause mined just before in the same
   * block shows only there).
   */
  private async replay(
    client: PublicClient,
    batchId: BatchId,
    signer: Signer,
    minedIn: bigint,
  ): Promise<BatchOutcome["failedCall"]> {
    const calls = this.sent.get(batchId);
    if (!calls) return undefined;
    for (const blockNumber of [minedIn - 1n, minedIn]) {
      const replayed = await measureCalls(client, signer.account, calls, blockNumber).catch(() => undefined);
      if (replayed && !replayed.ok) return { index: replayed.index, reason: replayed.reason };
    }
    return undefined;
  }

  private async walletConnected(): Promise<void> {
    if (getAccount(this.config).status === "connected") return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        unwatch();
        reject(new RequestTimeoutError({ timeoutMs: RECONNECT_WAIT_MS }));
      }, RECONNECT_WAIT_MS);
      const unwatch = watchAccount(this.config, {
        onChange: (account) => {
          if (account.status !== "connected") return;
          clearTimeout(timer);
          unwatch();
          resolve();
        },
      });
    });
  }

  private client(signer: Signer): PublicClient {
    return publicClientOn(this.config, signer.chainId);
  }
}
