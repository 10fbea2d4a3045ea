import { ADDRESS_PATTERN } from "./address";
import { withoutForbiddenCharacters } from "./withoutForbiddenCharacters";
import { z } from "./zod";
import { transactionHashSchema } from "./transactionHash";

/**
 * pending, then confirmed or failed from the receipt (failed: status 0), as the spec says; or
 * cancelled (the wallet replaced it with a cancel) / replaced (another transaction took its nonce):
 * neither is reported as done.
 */
export const transactionStatusSchema = z.enum(["pending", "confirmed", "failed", "cancelled", "replaced"]);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/**
 * A transaction the app sent, as kept in browser storage per account and chain. Stored data is
 * untrusted (older versions, other tabs, hand edits), so it is always read through this schema.
 * Unknown keys are stripped.
 */
export const transactionRecordSchema = z
  .object({
    /**
     * The transaction as mined in the end (the replacement's hash once sped up or cancelled). A batch
     * has none until it is mined (its `batchId` names it meanwhile), nor ever when the wallet dropped it.
     */
    hash: z.optional(transactionHashSchema),
    description: z.string(),
    confirmations: z.optional(z.int().check(z.minimum(1))),
    status: transactionStatusSchema,
    /** Sender's nonce, recipient and calldata: what settles a pending record after a reload. */
    nonce: z.optional(z.int().check(z.minimum(0))),
    to: z.optional(z.string().check(z.regex(ADDRESS_PATTERN))),
    input: z.optional(z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2}){0,4096}$/))),
    /** The hash the wallet first reported, when the transaction was replaced (sped up, cancelled). */
    replacedHash: z.optional(transactionHashSchema),
    /** A batch of calls sent through the wallet (EIP-5792): the wallet's id for it, to ask its status. */
    batchId: z.optional(
      z
        .string()
        .check(
          z.minLength(1),
          z.maxLength(200),
          withoutForbiddenCharacters("A batch id", { lineBreaks: false }),
        ),
    ),
  })
  .check(
    z.refine((record) => record.hash !== undefined || record.batchId !== undefined, {
      message: "A record needs a transaction hash or a batch id.",
    }),
  );

export type TransactionRecord = z.infer<typeof transactionRecordSchema>;
