import type { Browser, Page } from "@playwright/test";
import type { Address, Hex } from "viem";
import { sleep } from "./browser";
import {
  approveFromNode,
  blockNumber,
  revertAndSnapshot,
  transactionsAfter,
  type ChainClients,
  type MinedTransaction,
} from "./chain";
import { NAMES } from "./config";
import {
  armStakeTiming,
  connectLocalWallet,
  dismissResult,
  expectSuccess,
  fillStakeDialog,
  readStakeTiming,
  waitForFigures,
} from "./stakePage";
import { median } from "./stats";

export type StakeKind = "withApproval" | "withoutApproval";

export interface LatencySeries {
  /** Enter click to the Success dialog, in the page (performance.now), per run. */
  runsMs: number[];
  medianMs: number | null;
  /** The discarded first run (warms up lazy code paths). */
  warmupMs: number | null;
  /** Transactions the app sent in the last run (approve + stake, or stake alone). */
  lastRunTransactions: MinedTransaction[];
}

export interface LatencyResults {
  withApproval: LatencySeries;
  withoutApproval: LatencySeries;
}

/**
 * Stake flow latency on the automining local chain: Enter click to the Success dialog. The two kinds
 * alternate; before each run the chain goes back to the same evm_snapshot (for "without approval",
 * the allowance is then granted straight at the node, outside the measured time).
 */
export async function measureStakeLatency(options: {
  browser: Browser;
  webUrl: string;
  clients: ChainClients;
  account: Address;
  pooToken: Address;
  staking: Address;
  stakeQuantity: bigint;
  stakeQuantityText: string;
  runs: number;
}): Promise<LatencyResults> {
  const { browser, webUrl, clients } = options;
  const { testClient } = clients;
  const context = await browser.newContext();
  let snapshotId: Hex = await testClient.snapshot();
  try {
    const page = await context.newPage();
    await page.goto(webUrl, { waitUntil: "load" });
    await connectLocalWallet(page);
    await waitForFigures(page);

    const series: Record<StakeKind, { runs: number[]; warmup: number | null; last: MinedTransaction[] }> = {
      withApproval: { runs: [], warmup: null, last: [] },
      withoutApproval: { runs: [], warmup: null, last: [] },
    };
    for (let i = 0; i <= options.runs; i++) {
      for (const kind of ["withApproval", "withoutApproval"] as const) {
        snapshotId = await revertAndSnapshot(clients, snapshotId);
        if (kind === "withoutApproval") {
          await approveFromNode(
            clients,
            options.pooToken,
            options.account,
            options.staking,
            options.stakeQuantity,
          );
        }
        const from = await blockNumber(clients);
        const ms = await timeOneStake(page, options.stakeQuantityText);
        const entry = series[kind];
        if (i === 0) entry.warmup = ms;
        else entry.runs.push(ms);
        entry.last = await transactionsAfter(clients, from);
        expectSentCalls(kind, entry.last);
      }
    }
    const toSeries = (kind: StakeKind): LatencySeries => ({
      runsMs: series[kind].runs,
      medianMs: median(series[kind].runs),
      warmupMs: series[kind].warmup,
      lastRunTransactions: series[kind].last,
    });
    return { withApproval: toSeries("withApproval"), withoutApproval: toSeries("withoutApproval") };
  } finally {
    await testClient.revert({ id: snapshotId }).catch(() => undefined);
    await context.close();
  }
}

/** Fails the phase unless the app sent what the kind says (a stale allowance would time the wrong flow). */
function expectSentCalls(kind: StakeKind, mined: MinedTransaction[]): void {
  const sent = mined.map((tx) => `${tx.call} (${tx.status})`).join(", ");
  const expected = kind === "withApproval" ? "approve (success), stake (success)" : "stake (success)";
  if (sent !== expected)
    throw new Error(`stake ${kind}: the app sent ${sent || "nothing"}, expected ${expected}`);
}

async function timeOneStake(page: Page, quantityText: string): Promise<number> {
  // Let the page settle after the chain was reset (a refresh may be in flight).
  await sleep(300);
  await waitForFigures(page);
  const enter = await fillStakeDialog(page, quantityText);
  await armStakeTiming(page);
  await enter.click();
  await expectSuccess(page, NAMES.stakeSuccess);
  const ms = await readStakeTiming(page);
  await dismissResult(page);
  if (ms === undefined) throw new Error("the in-page timer saw no Enter click or no Success dialog");
  return ms;
}
