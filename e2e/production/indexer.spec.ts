import type { Page } from "@playwright/test";
import { parseEther, type Address } from "viem";
import { ACTIVITY_INCOMPLETE_TEXT } from "../../src/domain/stakeActivity";
import { expect, test } from "../fixtures/production";
import { meterActivityRequests } from "../support/activityRequests";
import type { ChainClients } from "../support/chainClients";
import type { NginxAccessEntry } from "../../scripts/lib/nginx/startNginx";
import type { ProductionStack } from "../support/productionStack";
import { stakeButton, stakeFromTest, waitForFiguresLoaded } from "../support/stakePage";

// "Your activity" at scale, as docs/operations.md "The activity indexer" runs it: nginx's /indexer ->
// two `ponder serve` replicas reading the views that the one `ponder start` publishes in PostgreSQL.
// Each test stakes for an account of its own without the app (the chain is reverted after each test).
const HEALTHY_ACCOUNT = 3;
const OUTAGE_ACCOUNT = 4;

const activity = (page: Page) => page.getByTestId("activity");
const rows = (page: Page) => activity(page).getByRole("listitem");

interface IndexerAnswer {
  indexedTo: { block: string } | null;
  entries: Array<{ transactionHash: string }>;
}

/** A stake for `account` (120 POO, without the app), once the indexer serves it through nginx. */
async function indexedStake(stack: ProductionStack, chain: ChainClients, account: Address) {
  const hash = await stakeFromTest(chain, stack, account, parseEther("120"));
  const url = `${stack.webUrl}/indexer/activity?chainId=${stack.deployment.chainId}&account=${account}`;
  await expect
    .poll(
      async () => {
        const response = await fetch(url);
        if (!response.ok) return `${response.status} ${await response.text()}`;
        return ((await response.json()) as IndexerAnswer).entries.map((entry) => entry.transactionHash);
      },
      { timeout: 15_000, message: "the indexer serves the stake through nginx" },
    )
    .toContain(hash);
  return hash;
}

/** nginx's lines for the page's /indexer/activity requests since `from`. */
function activityLines(stack: ProductionStack, from: number): NginxAccessEntry[] {
  return stack.nginx
    .accessLog()
    .slice(from)
    .filter((entry) => / \/indexer\/activity\?/.test(entry.request));
}

test.describe.configure({ mode: "serial" });

test("the activity comes from the indexer's replicas through nginx; writer and replicas healthy and ready", async ({
  page,
  wallet,
  connectWallet,
  production,
  chain,
}) => {
  const { writer, replicas } = production.activityIndexer;
  for (const ponder of [writer, ...replicas]) {
    for (const route of ["/health", "/ready"]) {
      expect((await fetch(`${ponder.url}${route}`)).status, `${ponder.upstream}${route}`).toBe(200);
    }
  }
  const account = production.accounts[HEALTHY_ACCOUNT]!;
  const hash = await indexedStake(production, chain, account);
  const meter = await meterActivityRequests(page, [`${production.webUrl}/api/rpc/`, production.chainUrl]);
  const fromIndexer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/indexer/activity",
  );
  const logFrom = production.nginx.accessLog().length;
  await wallet.switchAccount(account);
  await page.goto("/");
  expect(await connectWallet(page)).toBe(account);
  await waitForFiguresLoaded(page);

  await expect(rows(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(rows(page).first()).toHaveAttribute("data-hash", hash);
  await expect(activity(page)).not.toContainText(ACTIVITY_INCOMPLETE_TEXT);
  const answer = await fromIndexer;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as IndexerAnswer).entries.map((entry) => entry.transactionHash)).toContain(
    hash,
  );
  // Served by a replica, as nginx's log says; never by an instance or the writer.
  const lines = activityLines(production, logFrom);
  expect(lines.length).toBeGreaterThanOrEqual(1);
  for (const line of lines) {
    expect(line.status).toBe(200);
    expect(replicas.map((replica) => replica.upstream)).toContain(line.upstreams.at(-1));
  }
  const requests = meter.requests();
  // The indexer, eth_blockNumber, one eth_getLogs (the newest blocks, read from the chain too: the
  // stake is among them) and the stake's block time.
  expect(requests.length, requests.join(", ")).toBeLessThanOrEqual(4);
  console.log(
    `[indexer] page's activity requests: ${requests.join(", ")}; nginx: ${lines.map((l) => l.upstreams.join(" > ")).join("; ")}`,
  );
});

test("the writer frozen and a replica stopped: the other replica serves; no replica: one line, the page usable", async ({
  page,
  wallet,
  connectWallet,
  production,
  chain,
}) => {
  const { writer, replicas } = production.activityIndexer;
  const [a, b] = replicas;
  const account = production.accounts[OUTAGE_ACCOUNT]!;
  const hash = await indexedStake(production, chain, account);
  await wallet.switchAccount(account);
  await page.goto("/");
  expect(await connectWallet(page)).toBe(account);
  await waitForFiguresLoaded(page);
  await expect(rows(page)).toHaveCount(1, { timeout: 15_000 });

  try {
    // The writer frozen (SIGSTOP: it indexes nothing more) and replica A stopped: replica B still serves
    // what the writer indexed (the views), the chain's newest blocks cover the rest: the list is whole.
    process.kill(writer.pid()!, "SIGSTOP");
    await a.stop();
    let logFrom = production.nginx.accessLog().length;
    await page.reload();
    await waitForFiguresLoaded(page);
    await expect(rows(page)).toHaveCount(1, { timeout: 15_000 });
    await expect(rows(page).first()).toHaveAttribute("data-hash", hash);
    await expect(activity(page)).not.toContainText(ACTIVITY_INCOMPLETE_TEXT);
    const failedOver = activityLines(production, logFrom);
    expect(failedOver.map((line) => [line.status, line.upstreams.at(-1)])).toContainEqual([200, b.upstream]);

    // No replica left: nginx answers 502 at once, the list says in one line that some activity cannot be
    // shown, keeps what the chain's newest blocks hold, and the page works; a few requests, no storm.
    await b.stop();
    const meter = await meterActivityRequests(page, [`${production.webUrl}/api/rpc/`, production.chainUrl]);
    logFrom = production.nginx.accessLog().length;
    await page.reload();
    await waitForFiguresLoaded(page);
    await expect(activity(page).getByText(ACTIVITY_INCOMPLETE_TEXT)).toBeVisible({ timeout: 15_000 });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-hash", hash);
    await expect(stakeButton(page)).toBeEnabled();
    const down = activityLines(production, logFrom);
    expect(down.length).toBeGreaterThanOrEqual(1);
    expect(down.every((line) => line.status === 502)).toBe(true);
    const requests = meter.requests();
    // The indexer (502), eth_blockNumber, one eth_getLogs, the stake's block time.
    expect(requests.length, requests.join(", ")).toBeLessThanOrEqual(4);
    console.log(`[indexer] with no replica: ${requests.join(", ")}`);
  } finally {
    // Back as the stack started.
    process.kill(writer.pid()!, "SIGCONT");
    await Promise.all(replicas.map((replica) => (replica.pid() === undefined ? replica.start() : undefined)));
  }
  // nginx tries the replicas again once their fail_timeout (5 s) from the last 502 has passed.
  const head = `${production.webUrl}/indexer/head?chainId=${production.deployment.chainId}`;
  await expect
    .poll(() => fetch(head).then((response) => response.status), {
      timeout: 15_000,
      message: "nginx sends /indexer to the replicas again",
    })
    .toBe(200);
  await page.reload();
  await waitForFiguresLoaded(page);
  await expect(rows(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(activity(page)).not.toContainText(ACTIVITY_INCOMPLETE_TEXT);
});
