import { z } from "../../domain/zod";
import type { ActivityEntry } from "../../domain/stakeActivity";

const integerText = z.string().check(z.regex(/^\d{1,78}$/));
const answerSchema = z.object({
  chainId: z.number(),
  indexedTo: z.nullable(z.object({ block: integerText, timestamp: z.number() })),
  truncated: z.boolean(),
  entries: z.array(
    z.object({
      kind: z.enum(["stake", "unstake", "reward"]),
      amount: integerText,
      transactionHash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
      blockNumber: integerText,
      logIndex: z.int().check(z.nonnegative()),
      timestamp: z.number(),
    }),
  ),
});

export interface IndexerActivity {
  /** Every block up to here is indexed; undefined while nothing is. */
  indexedTo: bigint | undefined;
  /** The indexer holds more than it sent. */
  truncated: boolean;
  entries: ActivityEntry[];
}

/** The indexer's `/activity` answer (indexer/src/api), checked; undefined when it is not one for `chainId`. */
export function parseIndexerActivity(body: unknown, chainId: number): IndexerActivity | undefined {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success || parsed.data.chainId !== chainId) return undefined;
  const { indexedTo, truncated, entries } = parsed.data;
  return {
    indexedTo: indexedTo ? BigInt(indexedTo.block) : undefined,
    truncated,
    entries: entries.map((entry) => ({
      kind: entry.kind,
      amount: BigInt(entry.amount),
      hash: entry.transactionHash as `0x${string}`,
      blockNumber: BigInt(entry.blockNumber),
      logIndex: entry.logIndex,
      timestamp: new Date(entry.timestamp * 1000),
    })),
  };
}
