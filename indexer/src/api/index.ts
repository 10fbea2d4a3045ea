import { Hono, type Context } from "hono";
import { db } from "ponder:api";
import { activity } from "ponder:schema";
import { and, desc, eq, sql } from "ponder";
import { apiSecureHeaders } from "../../../src/server/security/apiSecureHeaders.ts";
import { settings } from "../../settings.ts";
import { parseActivityQuery, parseChainId } from "./parseActivityQuery.ts";

/** How far the chain is indexed: the block of Ponder's latest checkpoint (what its /status reports). */
async function indexedHead(): Promise<{ block: string; timestamp: number } | null> {
  // Ponder's checkpoint: 10 digits of block time, 16 of chain id, 16 of block number, then the rest.
  const result = await db.execute(
    sql`SELECT latest_checkpoint FROM _ponder_checkpoint WHERE chain_id = ${settings.chainId}`,
  );
  const checkpoint = (result.rows[0] as { latest_checkpoint?: string } | undefined)?.latest_checkpoint;
  if (!checkpoint || checkpoint.length < 42) return null;
  return { block: BigInt(checkpoint.slice(26, 42)).toString(), timestamp: Number(checkpoint.slice(0, 10)) };
}

const badRequest = (c: Context, error: string) => c.json({ error }, 400, { "Cache-Control": "no-store" });

const app = new Hono();
// The API's own headers (CSP default-src 'none', nosniff, no framing, no referrer): browsers reach
// these routes through nginx straight from a replica, or through an instance's /indexer proxy.
app.use(apiSecureHeaders());

/** The account's stakes, unstakes and rewards, newest first, with how far the chain is indexed. */
app.get("/activity", async (c) => {
  const parsed = parseActivityQuery(c.req.query(), settings.chainId);
  if (!parsed.ok) return badRequest(c, parsed.error);
  const { chainId, account, limit } = parsed.value;
  // The head first: rows read after it may only be newer, never missing below it.
  const head = await indexedHead();
  const rows = await db
    .select()
    .from(activity)
    .where(and(eq(activity.chainId, chainId), eq(activity.account, account)))
    .orderBy(desc(activity.blockNumber), desc(activity.logIndex))
    .limit(limit + 1);
  return c.json(
    {
      chainId,
      account,
      indexedTo: head,
      truncated: rows.length > limit,
      entries: rows.slice(0, limit).map((row) => ({
        kind: row.kind,
        amount: row.amount.toString(),
        transactionHash: row.transactionHash,
        blockNumber: row.blockNumber.toString(),
        logIndex: row.logIndex,
        timestamp: Number(row.timestamp),
      })),
    },
    200,
    { "Cache-Control": "no-store" },
  );
});

/** How far this indexer has indexed its chain (the app reads the blocks after it from the chain). */
app.get("/head", async (c) => {
  const chain = parseChainId(c.req.query("chainId"), settings.chainId);
  if (!chain.ok) return badRequest(c, chain.error);
  return c.json({ chainId: chain.value, indexedTo: await indexedHead() }, 200, {
    "Cache-Control": "no-store",
  });
});

export default app;
