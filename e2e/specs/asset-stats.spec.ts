import type { Page } from "@playwright/test";
import { parseAbiItem, type Address } from "viem";
import { expect, test } from "../fixtures/app";
import { expectNoSeriousA11yViolations } from "../support/axe";
import type { ChainClients } from "../support/chainClients";
import type { E2eStack } from "../support/e2eStack";
import {
  myStakePanel,
  submitStake,
  successDialog,
  unstakeButton,
  waitForFiguresLoaded,
} from "../support/stakePage";

const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const MIN_STAKE_DURATION_S = 86_400;

const chart = (page: Page) => page.getByRole("group", { name: /^POO price over the last/ });
const pointCount = async (page: Page): Promise<number> =>
  Number(await page.getByTestId("price-history").locator("svg").getAttribute("data-point-count"));

/** The account's staking activity as the chain has it, newest first: [kind, amount, hash]. */
async function activityOnChain(chain: ChainClients, stack: E2eStack, account: Address) {
  const { pooToken, crapToken, staking } = stack.contracts;
  const fromBlock = BigInt(stack.deployment.deployBlock);
  const read = (address: Address, from: Address, to: Address) =>
    chain.publicClient.getLogs({ address, event: transferEvent, args: { from, to }, fromBlock });
  const [staked, unstaked, rewarded] = await Promise.all([
    read(pooToken, account, staking),
    read(pooToken, staking, account),
    read(crapToken, staking, account),
  ]);
  const rows = [
    ...staked.map((log) => ({ kind: "stake", log })),
    ...unstaked.map((log) => ({ kind: "unstake", log })),
    ...rewarded.map((log) => ({ kind: "reward", log })),
  ];
  rows.sort((a, b) =>
    a.log.blockNumber === b.log.blockNumber
      ? b.log.logIndex - a.log.logIndex
      : Number(b.log.blockNumber - a.log.blockNumber),
  );
  return rows.map(({ kind, log }) => [kind, log.transactionHash]);
}

async function activityShown(page: Page) {
  const rows = page.getByTestId("activity").getByRole("listitem");
  return rows.evaluateAll((items) =>
    items.map((li) => [li.getAttribute("data-kind"), li.getAttribute("data-hash")]),
  );
}

test.describe("Asset Stats: the POO price", () => {
  // index.html asks for the price itself (a preload) while the script downloads; the app takes that
  // answer instead of asking again, on every route.
  for (const path of ["/", "/launch"]) {
    test(`a visit to ${path} asks the API for the price once`, async ({ page }) => {
      const priceRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/price/poo") priceRequests.push(request.method());
      });
      await page.goto(path);
      if (path === "/") {
        await expect(page.getByRole("region", { name: "Asset Stats" })).toContainText("$0.0042");
      } else {
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
      await page.waitForLoadState("networkidle");
      expect(priceRequests).toEqual(["GET"]);
    });
  }
});

test.describe("Asset Stats: the price chart", () => {
  test("the start-up script comes in brotli, the chart's code is requested after the first paint, and the logo needs no request", async ({
    page,
  }) => {
    const entry = page.waitForResponse((response) =>
      /^\/assets\/index-[\w-]+\.js$/.test(new URL(response.url()).pathname),
    );
    await page.goto("/");
    expect((await entry).headers()["content-encoding"]).toBe("br");
    await expect(chart(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("link", { name: "POO Finance home" }).locator("svg")).toBeVisible();
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      chartCode: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/PriceHistoryPanel-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
      logo: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith("/poo-logo.svg"))
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    }));
    // On a phone network a request made while the first screen renders is one more round trip
    // before it paints; the chart shows "Loading price history…" until then.
    expect(timing.firstContentfulPaint).toBeGreaterThan(0);
    expect(timing.chartCode).toHaveLength(1);
    expect(timing.chartCode[0]).toBeGreaterThanOrEqual(timing.firstContentfulPaint ?? Infinity);
    // The header draws it inline; only the favicon (a <link>) may ask for the file.
    expect(timing.logo).not.toContain("img");
  });

  test("the period buttons change the drawn points and the change in %", async ({ page }) => {
    await page.goto("/");
    await expect(chart(page)).toBeVisible({ timeout: 15_000 });
    const periods = page.getByRole("group", { name: "Chart period" });
    await expect(periods.getByRole("button", { name: "1M" })).toHaveAttribute("aria-pressed", "true");
    // The local stack seeds three months of sample prices, and says so on screen.
    await expect(page.getByTestId("price-history").getByText(/^Sample data/)).toBeVisible();
    const oneMonth = await pointCount(page);
    const oneMonthChange = await page.getByTestId("price-change").textContent();
    expect(oneMonthChange).toMatch(/^[+-]?\d+\.\d\d%$/);

    await periods.getByRole("button", { name: "3M" }).click();
    await expect(periods.getByRole("button", { name: "3M" })).toHaveAttribute("aria-pressed", "true");
    await expect(periods.getByRole("button", { name: "1M" })).toHaveAttribute("aria-pressed", "false");
    await expect(chart(page)).toHaveAttribute("aria-label", /last 3 months/);
    const threeMonths = await pointCount(page);
    expect(oneMonth).toBeGreaterThanOrEqual(25);
    expect(threeMonths).toBeGreaterThan(oneMonth);
    await expect(page.getByTestId("price-change")).not.toHaveText(oneMonthChange ?? "");
    await expect(page.getByTestId("current-price-line")).toHaveCount(1);
  });

  test("the tooltip is reachable by keyboard: arrows move between points and each is announced", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(chart(page)).toBeVisible({ timeout: 15_000 });
    const tooltip = page.getByTestId("chart-tooltip");
    await expect(tooltip).toBeHidden();
    // Tab from the period selector reaches the chart.
    await page.getByRole("group", { name: "Chart period" }).getByRole("button", { name: "3M" }).focus();
    await page.keyboard.press("Tab");
    await expect(chart(page)).toBeFocused();
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveAttribute("role", "status");
    const last = await tooltip.textContent();
    expect(last).toMatch(/^.+: \$\d/);
    await page.keyboard.press("ArrowLeft");
    await expect(tooltip).not.toHaveText(last ?? "");
    const before = await tooltip.textContent();
    await page.keyboard.press("Home");
    await expect(tooltip).not.toHaveText(before ?? "");
    await page.keyboard.press("End");
    await expect(tooltip).toHaveText(last ?? "");
    await page.keyboard.press("Escape");
    await expect(tooltip).toBeHidden();
  });
});

test.describe("Your activity and the pool figures", () => {
  test("after a stake, an unstake and a payout the list equals the chain, and survives a reload", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await page.goto("/");
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const activity = page.getByTestId("activity");
    await expect(activity.getByText(/No stakes, unstakes or rewards/)).toBeVisible({ timeout: 15_000 });
    // The pool is empty first (the stack's aged stake, another account's, was unstaked long ago).
    await expect(page.getByTestId("pool-staked")).toHaveText(/^0 POO/);

    await submitStake(page, "150");
    await wallet.confirmTransaction(); // approval
    await wallet.confirmTransaction(); // stake
    await expect(successDialog(page)).toContainText("Stake successful", { timeout: 15_000 });
    await successDialog(page).getByRole("button", { name: "Dismiss" }).click();
    await expect(activity.getByRole("listitem")).toHaveCount(1);
    await expect(activity.getByRole("listitem").first()).toContainText("Stake150.0000 POO");
    await expect(page.getByTestId("pool-staked")).toHaveText(/^150 POO \$/);
    // Our Staking exposes a reward rate: the rate and the APR in CRAP are shown.
    await expect(page.getByTestId("pool-reward-rate")).toHaveText(/CRAP a day$/);
    await expect(page.getByTestId("pool-apr")).toHaveText(/%$/);

    await chain.increaseTime(MIN_STAKE_DURATION_S + 1);
    await expect(unstakeButton(page)).toBeEnabled({ timeout: 10_000 });
    await unstakeButton(page).click();
    await wallet.confirmTransaction();
    await expect(successDialog(page)).toContainText("Unstake successful", { timeout: 15_000 });
    await successDialog(page).getByRole("button", { name: "Dismiss" }).click();

    const expected = await activityOnChain(chain, stack, account);
    expect(expected.map(([kind]) => kind)).toEqual(["reward", "unstake", "stake"]);
    await expect.poll(() => activityShown(page), { timeout: 10_000 }).toEqual(expected);
    await expect(activity.getByRole("listitem").nth(1)).toContainText("Unstake150.0000 POO");

    await page.reload();
    await waitForFiguresLoaded(page);
    await expect.poll(() => activityShown(page), { timeout: 15_000 }).toEqual(expected);
    await expect(myStakePanel(page)).toBeVisible();
  });

  test("axe: no serious or critical violation on / with the chart and the activity list", async ({
    page,
    connectWallet,
  }) => {
    await page.goto("/");
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await expect(chart(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("activity")).toBeVisible();
    await expect(page.getByTestId("pool-staked")).toBeVisible();
    await chart(page).focus(); // with the tooltip open
    await expect(page.getByTestId("chart-tooltip")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
