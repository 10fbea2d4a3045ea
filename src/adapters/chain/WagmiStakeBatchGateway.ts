import {
  getAccount,
  getCapabilities,
  sendCalls,
  waitForCallsStatus,
  watchAccount,
  type Config,
} from "@wagmi/core";
import {
  isAddressEqual,
  parseEventLogs,
  parseAbiItem,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { Signer } from "../../application/ports/signer";
import type { BatchId, BatchOutcome, StakeBatchGateway } from "../../application/ports/stakeBatchGateway";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import type { AtomicBatching } from "../../domain/stakeSending";
import { assertWalletOn } from "./assertWalletOn";
import { approveAndStakeCalls } from "./approveAndStakeCalls";
import type { ChainContracts } from "./ChainContracts";
import { measureCalls, type AccountCall } from "./measureCalls";
import { publicClientOn } from "./publicClientOn";
import { toChainDomainError } from "./toChainDomainError";
import { RECEIPT_POLL_MS, RECEIPT_TIMEOUT_MS } from "./ViemTransactionWaiter";

const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** EIP-5792 status codes: 400, the wallet will not put the batch on chain. */
const NOT_INCLUDED = 400;
/** How long a batch's status waits for the wallet to be connected again (after a reload). */
const RECONNECT_WAIT_MS = 30_000;

/**
 * EIP-5792 batches through @wagmi/core (getCapabilities, sendCalls, waitForCallsStatus), which ask the
 * connected wallet; every check of the outcome is made on the app's own RPC for the signer's chain:
 * a wallet's "success" counts only when the transaction it names was mined with the stake's POO
 * transfer from the account in its logs.
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
      const result = await waitForCallsStatus(this.config, {
        id: batchId,
        pollingInterval: RECEIPT_POLL_MS,
        timeout: RECEIPT_TIMEOUT_MS,
      });
      const reported = result.receipts?.[0]?.transactionHash;
      if (result.statusCode === NOT_INCLUDED || reported === undefined) {
        return { status: "dropped", hash: undefined, blockNumber: undefined };
      }
      const client = this.client(signer);
      const receipt = await client.waitForTransactionReceipt({
        hash: reported,
        pollingInterval: RECEIPT_POLL_MS,
        timeout: RECEIPT_TIMEOUT_MS,
      });
      const mined = { hash: receipt.transactionHash, blockNumber: receipt.blockNumber };
      if (receipt.status === "reverted") {
        return {
          status: "reverted",
          ...mined,
          failedCall: await this.replay(client, batchId, signer, receipt),
        };
      }
      if (this.stakedIn(receipt, signer)) return { status: "success", ...mined };
      // Mined, but not the stake: the wallet put another transaction in its place.
      const transaction = await client.getTransaction({ hash: receipt.transactionHash });
      const cancel =
        transaction.to !== null &&
        isAddressEqual(transaction.to, transaction.from) &&
        transaction.value === 0n &&
        transaction.input === "0x";
      return { status: cancel ? "cancelled" : "replaced", ...mined };
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  /** The receipt holds a POO transfer from the account to the staking contract: the stake happened. */
  private stakedIn(receipt: TransactionReceipt, signer: Signer): boolean {
    const { pooToken, staking } = this.contracts.on(signer.chainId);
    return parseEventLogs({ abi: [transferEvent], logs: receipt.logs }).some(
      (log) =>
        isAddressEqual(log.address, pooToken) &&
        isAddressEqual(log.args.from, signer.account) &&
        isAddressEqual(log.args.to, staking),
    );
  }

  /**
   * Which call failed and why: the batch's calls measured again as the signer on the state before the
   * block, then on the block's own (a pause mined just before in the same block shows only there).
   */
  private async replay(
    client: PublicClient,
    batchId: BatchId,
    signer: Signer,
    receipt: TransactionReceipt,
  ): Promise<BatchOutcome["failedCall"]> {
    const calls = this.sent.get(batchId);
    if (!calls) return undefined;
    for (const blockNumber of [receipt.blockNumber - 1n, receipt.blockNumber]) {
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
