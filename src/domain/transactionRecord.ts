import { z } from "zod";
import { transactionHashSchema } from "./transactionHash";

export const transactionStatusSchema = z.enum(["pending", "confirmed", "failed"]);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/**
 * A transaction the app sent, as kept in browser storage per account and chain. Stored data is
 * untrusted (older versions, other tabs, hand edits), so it is always read through this schema.
 * Unknown keys are stripped.
 */
export const transactionRecordSchema = z.object({
  hash: transactionHashSchema,
  description: z.string(),
  confirmations: z.number().int().min(1).optional(),
  status: transactionStatusSchema,
});

export type TransactionRecord = z.infer<typeof transactionRecordSchema>;
