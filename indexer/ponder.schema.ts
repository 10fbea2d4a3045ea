import { index, onchainTable } from "ponder";

/**
 * One token movement between an account and the staking pool: a stake (POO in), an unstake (POO out)
 * or a reward (CRAP out), as the chain recorded it. Keyed by transaction hash and log index, so a
 * log indexed twice is one row; Ponder removes the rows of reorganised blocks itself.
 */
export const activity = onchainTable(
  "activity",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    account: t.hex().notNull(),
    kind: t.text().$type<"stake" | "unstake" | "reward">().notNull(),
    amount: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    transactionHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({ byAccount: index().on(table.chainId, table.account, table.blockNumber) }),
);
