import type { Config } from "@wagmi/core";
import {
  isAddressEqual,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type PublicClient,
  type ReplacementReason as ViemReplacementReason,
  type TransactionReceipt,
} from "viem";
import type {
  ReplacementReason,
  TransactionIdentity,
  TransactionOutcome,
  TransactionWaiter,
  WaitForOutcomeOptions,
} from "../../application/ports/transactionWaiter";
import { toAddress } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import { publicClientOn } from "./publicClientOn";
import type { SentTransactionLog } from "./SentTransactionLog";
import { toChainDomainError } from "./toChainDomainError";

/** Five minutes, the spec's default wait for a response; a longer wait leaves the record pending. */
export const RECEIPT_TIMEOUT_MS = 5 * 60 * 1000;
/**
 * How often the chain is asked for a new block while a transaction is pending. Short, so Success
 * shows within a fraction of a second of the block that holds the transaction; it only runs while
 * the user waits on a transaction.
 */
export const RECEIPT_POLL_MS = 250;
/** Tries (with a growing pause: 0.5 s, 1 s) for the chain to know a transaction the wallet just sent. */
const SEEN_TRIES = 3;

const REASONS: Record<ViemReplacementReason, ReplacementReason> = {
  repriced: "sped-up",
  cancelled: "cancelled",
  replaced: "replaced",
};

const notFound = (error: unknown): undefined => {
  if (error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError)
    return undefined;
  throw error;
};

/** viem's rule for a replacement found in the sender's nonce slot: the same call, a cancel, or another. */
function replacementReason(
  sent: TransactionIdentity,
  found: { from: `0x${string}`; to: `0x${string}` | null; input: string; value: bigint },
): ReplacementReason {
  const sameTo = sent.to && found.to ? isAddressEqual(sent.to, found.to) : sent.to === found.to;
  if (sameTo && sent.input?.toLowerCase() === found.input.toLowerCase() && (sent.value ?? 0n) === found.value)
    return "sped-up";
  if (found.to !== null && isAddressEqual(found.to, found.from) && found.value === 0n) return "cancelled";
  return "replaced";
}

function outcomeOf(receipt: TransactionReceipt): TransactionOutcome {
  return { status: receipt.status, hash: receipt.transactionHash, blockNumber: receipt.blockNumber };
}

/** The outcome of `originalHash` when `mined` took its nonce: sped up keeps the receipt's status. */
function replacedBy(
  mined: TransactionOutcome,
  originalHash: TransactionHash,
  reason: ReplacementReason,
): TransactionOutcome {
  const replaced = { originalHash, reason };
  return reason === "sped-up" ? { ...mined, replaced } : { ...mined, status: reason, replaced };
}

/**
 * Settles transactions with viem's receipt wait on the chain they were sent to: status 0 is a
 * "reverted" outcome (wagmi's action throws a plain Error for it, which hid the revert), a
 * replacement with the same sender and nonce is followed (sped up: its receipt; cancelled or
 * otherwise replaced: reported as such). A record from an earlier visit is settled from its
 * receipt, or found replaced when its nonce was used by another transaction meanwhile.
 */
export class ViemTransactionWaiter implements TransactionWaiter {
  constructor(
    private readonly config: Config,
    private readonly sent?: SentTransactionLog,
  ) {}

  async waitForOutcome(
    hash: TransactionHash,
    chainId: number,
    options: WaitForOutcomeOptions = {},
  ): Promise<TransactionOutcome> {
    try {
      const client = publicClientOn(this.config, chainId);

      let identity = options.known;
      // The nonce is a guess (the sender's next one) when the node never showed the transaction.
      let guessedNonce = false;
      if (identity) {
        // Settled while nobody watched?
        const receipt = await client.getTransactionReceipt({ hash }).catch(notFound);
        if (receipt) return outcomeOf(receipt);
      }
      const seen = await this.seen(client, hash, identity === undefined);
      if (seen) {
        identity = seen;
        options.onSeen?.(seen);
      } else {
        if (!identity) {
          // Sent by this page but never seen by the node (replaced at once, or not propagated yet):
          // watch the sender's likely nonce for the same call (sped up) or a cancel.
          const call = this.sent?.get(hash);
          if (call) {
            identity = {
              from: call.from,
              to: call.to,
              input: call.input,
              nonce: call.likelyNonce,
              value: 0n,
            };
            guessedNonce = true;
          }
        }
        const used = identity
          ? await client.getTransactionCount({ address: identity.from, blockTag: "latest" })
          : 0;
        if (identity && used > identity.nonce) {
          // The nonce went to another transaction before anyone looked (mined while the page was
          // away, or right after a replacement): find it in the last blocks.
          const late = await client.getTransactionReceipt({ hash }).catch(notFound);
          if (late) return outcomeOf(late);
          const found = await this.minedInNonceSlot(client, hash, identity, guessedNonce ? 10 : 25);
          if (found && !(guessedNonce && found.replaced?.reason === "replaced")) return found;
          if (!guessedNonce) {
            return {
              status: "replaced",
              hash,
              blockNumber: undefined,
              replaced: { originalHash: hash, reason: "replaced" },
            };
          }
          // A guessed nonce taken by an unrelated transaction says nothing: wait on the hash alone.
          identity = undefined;
          guessedNonce = false;
        }
      }

      let reason: ReplacementReason | undefined;
      let receipt = await client.waitForTransactionReceipt({
        hash,
        pollingInterval: RECEIPT_POLL_MS,
        timeout: RECEIPT_TIMEOUT_MS,
        ...(identity ? { replacement: identity } : {}),
        onReplaced: (replacement) => {
          reason = REASONS[replacement.reason];
        },
      });
      if (guessedNonce && reason === "replaced") {
        // Another transaction of the sender's took the guessed nonce: no evidence about this one.
        reason = undefined;
        receipt = await client.waitForTransactionReceipt({
          hash,
          pollingInterval: RECEIPT_POLL_MS,
          timeout: RECEIPT_TIMEOUT_MS,
          checkReplacement: false,
        });
      }
      const mined = outcomeOf(receipt);
      return reason === undefined ? mined : replacedBy(mined, hash, reason);
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  /**
   * The transaction mined in the sender's nonce slot within the last `blocks` blocks, and what it
   * means for the one sent: itself, the same call sped up, a cancel, or something else.
   */
  private async minedInNonceSlot(
    client: PublicClient,
    hash: TransactionHash,
    identity: TransactionIdentity,
    blocks: number,
  ): Promise<TransactionOutcome | undefined> {
    const latest = await client.getBlockNumber({ cacheTime: 0 });
    for (let number = latest; number >= 0n && latest - number < BigInt(blocks); number--) {
      const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
      const found = block.transactions.find(
        (candidate) => isAddressEqual(candidate.from, identity.from) && candidate.nonce === identity.nonce,
      );
      if (!found) continue;
      const receipt = await client.getTransactionReceipt({ hash: found.hash });
      const mined = outcomeOf(receipt);
      if (found.hash.toLowerCase() === hash.toLowerCase()) return mined;
      return replacedBy(mined, hash, replacementReason(identity, found));
    }
    return undefined;
  }

  /** The sent transaction as the chain knows it; retried a little when `patient` (just sent). */
  private async seen(
    client: PublicClient,
    hash: TransactionHash,
    patient: boolean,
  ): Promise<TransactionIdentity | undefined> {
    for (let attempt = 0; attempt < (patient ? SEEN_TRIES : 1); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      const transaction = await client.getTransaction({ hash }).catch(notFound);
      if (transaction) {
        return {
          from: toAddress(transaction.from),
          nonce: transaction.nonce,
          to: transaction.to ? toAddress(transaction.to) : null,
          input: transaction.input,
          value: transaction.value,
        };
      }
    }
    return undefined;
  }
}
