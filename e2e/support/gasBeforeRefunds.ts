import type { Hash, PublicClient } from "viem";

/**
 * EIP-7702: an authorization costs PER_EMPTY_ACCOUNT_COST (25,000) up front, and PER_EMPTY_ACCOUNT_COST
 * - PER_AUTH_BASE_COST (25,000 - 12,500) comes back when the account already existed, as a sender's
 * always does (it holds the ETH for the fee).
 */
const AUTHORIZATION_REFUND = 12_500n;

interface StructLogTrace {
  readonly structLogs: readonly { readonly refund?: number }[];
}

/**
 * The gas a mined transaction used before the chain gave its refunds back: the receipt's gasUsed (what
 * was paid) plus the refunds, read from the node's trace (the SSTORE refund counter at the last step)
 * and the transaction's authorizations. That is what its gas limit had to cover, and what a wallet's
 * estimate (and the app's fee before Enter) is made of. Hardhat/geth nodes only (debug_traceTransaction).
 */
export async function gasBeforeRefunds(client: PublicClient, hash: Hash): Promise<bigint> {
  const [receipt, transaction, trace] = await Promise.all([
    client.getTransactionReceipt({ hash }),
    client.getTransaction({ hash }),
    client.request({
      method: "debug_traceTransaction",
      params: [hash, { disableStack: true, disableMemory: true, disableStorage: true }],
    } as never) as Promise<StructLogTrace>,
  ]);
  const storageRefund = BigInt(trace.structLogs.at(-1)?.refund ?? 0);
  const authorizations = BigInt(transaction.authorizationList?.length ?? 0);
  const refund = storageRefund + authorizations * AUTHORIZATION_REFUND;
  // EIP-3529: what comes back is at most a fifth of the gas used before it.
  const before = receipt.gasUsed + refund;
  return refund <= before / 5n ? before : (receipt.gasUsed * 5n) / 4n;
}
