import { ponder, type IndexingFunctionArgs } from "ponder:registry";
import { activity } from "ponder:schema";
import { toAddress } from "../../src/domain/address.ts";
import { classifyTransfer } from "../../src/domain/stakeActivity.ts";
import { settings } from "../settings.ts";
import { activityParties } from "./activityParties.ts";

/**
 * A Transfer of POO or CRAP that involves the pool (the config's filters) becomes an activity row of
 * the account on the other side when the app's own rule (classifyTransfer) calls it a stake, an
 * unstake or a reward; anything else (CRAP sent to the pool, a zero amount) is no one's activity.
 */
async function recordTransfer({
  event,
  context,
}: IndexingFunctionArgs<
  "PooIntoPool:Transfer" | "PooOutOfPool:Transfer" | "CrapOutOfPool:Transfer"
>): Promise<void> {
  const token = toAddress(event.log.address);
  const from = toAddress(event.args.from);
  const to = toAddress(event.args.to);
  const parties = activityParties(settings.deployment, from, to);
  const kind = parties && classifyTransfer({ token, from, to, value: event.args.value }, parties);
  if (!parties || !kind) return;
  await context.db
    .insert(activity)
    .values({
      id: `${event.transaction.hash}:${event.log.logIndex}`,
      chainId: context.chain.id,
      account: parties.account.toLowerCase() as `0x${string}`,
      kind,
      amount: event.args.value,
      blockNumber: event.block.number,
      timestamp: event.block.timestamp,
      transactionHash: event.transaction.hash,
      logIndex: event.log.logIndex,
    })
    .onConflictDoNothing();
}

ponder.on("PooIntoPool:Transfer", recordTransfer);
ponder.on("PooOutOfPool:Transfer", recordTransfer);
ponder.on("CrapOutOfPool:Transfer", recordTransfer);
