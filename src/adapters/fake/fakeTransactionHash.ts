import type { TransactionHash } from "../../domain/transactionHash";

/**
 * A deterministic, well-formed hash for fakes: a one-byte prefix naming the fake that made it,
 * then a counter. Prefixes keep hashes from different fakes apart.
 */
export function fakeTransactionHash(prefix: number, sequence: number): TransactionHash {
  const head = prefix.toString(16).padStart(2, "0").slice(-2);
  return `0x${head}${sequence.toString(16).padStart(62, "0")}`;
}
