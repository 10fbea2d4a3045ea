import { z } from "./zod";

/** A transaction hash: `0x` + 64 hex digits. */
export type TransactionHash = `0x${string}`;

const TRANSACTION_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

export function isTransactionHash(value: unknown): value is TransactionHash {
  return typeof value === "string" && TRANSACTION_HASH_PATTERN.test(value);
}

export const transactionHashSchema: z.ZodMiniType<TransactionHash> = z.custom<TransactionHash>(
  isTransactionHash,
  {
    message: "Expected 0x followed by 64 hex digits.",
  },
);
