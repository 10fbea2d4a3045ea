import { randomBytes } from "node:crypto";
import {
  encodeFunctionData,
  hexToBigInt,
  numberToHex,
  toHex,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
  type SignedAuthorizationList,
} from "viem";
import { batchExecutorAbi } from "./batchExecutor.generated";
import { callsStatus, transactionOutcome, type CallBatch, type TransactionOutcome } from "./callBatch";
import { DELEGATED_CODE, ensureBatchExecutor } from "./ensureBatchExecutor";
import type { SendCallsRequest } from "./walletCallsParams";
import type { TransactionParams } from "./walletParams";
import type { SentCalls } from "./WalletDriver";
import { RpcErrorCode, WalletRpcError } from "./WalletRpcError";

/** How often a batch sent call by call looks for the receipt it waits on. */
const OUTCOME_POLL_MS = 50;

type NodeRequest = (method: string, params: readonly unknown[]) => Promise<unknown>;

/** What the batches need of the wallet: the node, and its own way of signing, sending and recording. */
export interface CallBatchesWallet {
  readonly request: NodeRequest;
  /** Signs with the sender's key, sends and records the transaction (tied to `batchId`). */
  signAndSend(
    origin: string,
    transaction: TransactionParams,
    options: { chainId: number; batchId: string; authorizationList?: SignedAuthorizationList },
  ): Promise<Hash>;
  /** Runs `action` in the wallet's approval queue, so no two sends pick the same nonce. */
  oneAtATime<T>(action: () => Promise<T>): Promise<T>;
}

/**
 * The wallet's EIP-5792 batches: sending them (atomically through the EIP-7702 executor, or call by
 * call), their records, and their status as the node tells it.
 */
export class CallBatches {
  readonly #wallet: CallBatchesWallet;
  readonly #batches: CallBatch[] = [];
  /** What the status of a batch that went through in part says: 600 (EIP-5792) or 500. */
  partialStatus: 500 | 600 = 600;

  constructor(wallet: CallBatchesWallet) {
    this.#wallet = wallet;
  }

  has(id: string): boolean {
    return this.#batches.some((batch) => batch.id === id);
  }

  /** wallet_getCallsStatus for a batch of `origin` (another site's batch is unknown to it: 5730). */
  status(origin: string, id: string): Promise<object> {
    return callsStatus(this.#of(origin, id), this.#wallet.request, this.partialStatus);
  }

  /** Throws 5730 unless `origin` sent a batch `id`. */
  requireKnown(origin: string, id: string): void {
    this.#of(origin, id);
  }

  records(): SentCalls[] {
    return this.#batches.map((batch) => ({
      id: batch.id,
      from: batch.from,
      chainId: batch.chainId,
      calls: batch.calls,
      atomicRequired: batch.atomicRequired,
      atomic: batch.atomic,
      upgraded: batch.upgraded,
      transactionHashes: batch.transactions.map((tx) => tx.hash),
      origin: batch.origin,
    }));
  }

  /** True when `address` has delegated to the executor (EIP-7702), on the latest block. */
  async isDelegated(address: Address): Promise<boolean> {
    return (await this.#wallet.request("eth_getCode", [address, "latest"])) === DELEGATED_CODE;
  }

  /**
   * One transaction from the account to itself running `execute(calls)` on the executor's code. When
   * the account is not delegated yet, it carries the EIP-7702 authorization (a type-4 transaction);
   * the authorization's nonce is the transaction's plus one, as the sender's nonce moves first.
   */
  async sendAtomically(
    account: PrivateKeyAccount,
    origin: string,
    request: SendCallsRequest,
  ): Promise<string> {
    const id = request.id ?? toHex(randomBytes(32));
    const executor = await ensureBatchExecutor(this.#wallet.request);
    const nonce = Number(
      hexToBigInt(
        (await this.#wallet.request("eth_getTransactionCount", [account.address, "pending"])) as Hex,
      ),
    );
    const authorizationList = (await this.isDelegated(account.address))
      ? undefined
      : [await account.signAuthorization({ address: executor, chainId: request.chainId, nonce: nonce + 1 })];
    const data = encodeFunctionData({
      abi: batchExecutorAbi,
      functionName: "execute",
      args: [request.calls.map(({ to, value, data: callData }) => ({ to, value, data: callData ?? "0x" }))],
    });
    const hash = await this.#wallet.signAndSend(
      origin,
      { from: account.address, to: account.address, data, nonce },
      { chainId: request.chainId, batchId: id, authorizationList },
    );
    this.#batches.push({
      ...this.#record(id, origin, account.address, request, true),
      upgraded: authorizationList !== undefined,
      transactions: [{ hash }],
      settled: true,
    });
    return id;
  }

  /**
   * The calls as one transaction each, in order, each once the one before succeeded on chain. The
   * first goes out before the id is returned: if it cannot be sent, the request fails and nothing is
   * recorded, as for eth_sendTransaction.
   */
  async sendOneByOne(from: Address, origin: string, request: SendCallsRequest): Promise<string> {
    const id = request.id ?? toHex(randomBytes(32));
    const batch: CallBatch = {
      ...this.#record(id, origin, from, request, false),
      transactions: [],
      settled: false,
    };
    batch.transactions.push({ hash: await this.#sendCall(batch, 0) });
    this.#batches.push(batch);
    void this.#sendTheRest(batch);
    return id;
  }

  /**
   * A bundle: the calls as one transaction each (consecutive nonces, each one's gas estimated on the
   * node's pending state, so after the calls before it), all mined in ONE block. When the node
   * automines, blocks are held while they are sent and one block is mined for them; when it does not
   * (a spec holding blocks, interval mining), they wait in the mempool for the next block together.
   * A call whose estimate fails is not sent, nor any after it. The first send failing fails the
   * request and records nothing. Not atomic on chain: a call that reverts leaves the ones before it
   * in place (status 600), so its status says `atomic: false`.
   */
  async sendBundle(from: Address, origin: string, request: SendCallsRequest): Promise<string> {
    const id = request.id ?? toHex(randomBytes(32));
    const batch: CallBatch = {
      ...this.#record(id, origin, from, request, false),
      transactions: [],
      settled: false,
    };
    const automine = (await this.#wallet.request("hardhat_getAutomine", [])) === true;
    if (automine) await this.#wallet.request("evm_setAutomine", [false]);
    try {
      const first = Number(
        hexToBigInt((await this.#wallet.request("eth_getTransactionCount", [from, "pending"])) as Hex),
      );
      for (const [index, call] of batch.calls.entries()) {
        const transaction = { from, to: call.to, data: call.data, value: call.value, nonce: first + index };
        const gas = await this.#wallet
          .request("eth_estimateGas", [
            { from, to: call.to, data: call.data ?? "0x", value: numberToHex(call.value) },
            "pending",
          ])
          .then(
            (estimate) => hexToBigInt(estimate as Hex),
            (error: unknown) => {
              if (index === 0) throw error;
              return undefined;
            },
          );
        if (gas === undefined) break;
        const hash = await this.#wallet.signAndSend(
          origin,
          { ...transaction, gas },
          { chainId: batch.chainId, batchId: id },
        );
        batch.transactions.push({ hash });
      }
    } finally {
      if (automine) {
        if (batch.transactions.length > 0) await this.#wallet.request("evm_mine", []);
        await this.#wallet.request("evm_setAutomine", [true]);
      }
    }
    batch.settled = true;
    this.#batches.push(batch);
    return id;
  }

  /** The wallet replaced one of a batch's transactions: a speed-up carries the calls now, a cancel drops them. */
  replaced(batchId: string, hash: Hash, replacement: Hash, how: "speed-up" | "cancel"): void {
    const carried = this.#batches
      .find((batch) => batch.id === batchId)
      ?.transactions.find((tx) => tx.hash.toLowerCase() === hash.toLowerCase());
    if (carried && how === "speed-up") carried.hash = replacement;
    else if (carried) carried.cancelledBy = replacement;
  }

  #of(origin: string, id: string): CallBatch {
    const batch = this.#batches.find((candidate) => candidate.id === id && candidate.origin === origin);
    if (!batch)
      throw new WalletRpcError(
        RpcErrorCode.unknownBundleId,
        "This bundle id is unknown / has not been submitted",
      );
    return batch;
  }

  #record(
    id: string,
    origin: string,
    from: Address,
    request: SendCallsRequest,
    atomic: boolean,
  ): Omit<CallBatch, "transactions" | "settled"> {
    const { chainId, calls, atomicRequired } = request;
    return { id, origin, from, chainId, calls, atomicRequired, atomic, upgraded: false };
  }

  async #sendCall(batch: CallBatch, index: number): Promise<Hash> {
    const call = batch.calls[index]!;
    return this.#wallet.signAndSend(
      batch.origin,
      { from: batch.from, to: call.to, data: call.data, value: call.value },
      { chainId: batch.chainId, batchId: batch.id },
    );
  }

  async #sendTheRest(batch: CallBatch): Promise<void> {
    try {
      for (let index = 1; index < batch.calls.length; index++) {
        const before = await this.#settledOutcome(batch.transactions[index - 1]!);
        if (before.kind !== "mined" || before.receipt.status !== "0x1") return;
        const hash = await this.#wallet.oneAtATime(() => this.#sendCall(batch, index));
        batch.transactions.push({ hash });
      }
    } catch {
      // A call that cannot be sent ends the batch; its status tells what was mined before.
    } finally {
      batch.settled = true;
    }
  }

  async #settledOutcome(transaction: CallBatch["transactions"][number]): Promise<TransactionOutcome> {
    for (;;) {
      const outcome = await transactionOutcome(transaction, this.#wallet.request);
      if (outcome.kind !== "pending") return outcome;
      await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
    }
  }
}
