import type { Locator } from "@playwright/test";
import { expect, test } from "../fixtures/app";
import { cardFigure, countdown, launchCard, launchOf } from "../support/launchPage";

const TOKENOMICS = [
  ["Presale", "30%"],
  ["Marketing", "10%"],
  ["Ecosystem", "40%"],
  ["Market Making", "10%"],
  ["Team", "10%"],
] as const;

/** Spec: the card's hardcap bar is 220 px per 100 percent. */
const CARD_BAR_PX = 220;

async function expectHardcapBar(card: Locator, label: string, percent: number): Promise<void> {
  const bar = card.getByRole("progressbar", { name: label });
  await expect(bar).toHaveAttribute("aria-valuenow", String(percent));
  await expect(card.getByText(`${percent}%`, { exact: true })).toBeVisible();
  const track = await bar.boundingBox();
  const fill = await bar.locator("div").first().boundingBox();
  expect(track?.width).toBeCloseTo(CARD_BAR_PX, 0);
  expect(fill?.width ?? 0).toBeCloseTo((CARD_BAR_PX * percent) / 100, 0);
}

async function expectBack(card: Locator): Promise<void> {
  await expect(card).toHaveAttribute("data-face", "back");
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Upcoming"]);
  await expect(cardFigure(card, "Total supply")).toHaveText("250B");
  await expect(cardFigure(card, "Allocation")).toHaveText("8%");
  await expect(cardFigure(card, "Market cap")).toHaveText("20K");
  const tokenomics = card.getByRole("region", { name: "Tokenomics" });
  for (const [label, value] of TOKENOMICS) {
    await expect(cardFigure(tokenomics, label)).toHaveText(value);
  }
  await expect(tokenomics.getByRole("term")).toHaveCount(TOKENOMICS.length);
  await expect(card.getByRole("region", { name: "Contribution" })).toContainText("0.01 to 2 ETH");
  // The front is out of reach while the back shows.
  await expect(card.getByRole("button", { name: "Details" })).toHaveCount(0);
}

test.describe("the launch cards", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/launch");
    await expect(page.getByRole("heading", { name: "Launch", level: 1 })).toBeVisible();
  });

  test("CRAP front: Meme and Live, 60 ETH hardcap at 77 %, 60 % allocation, 30 days vesting, Details and Whitelist", async ({
    page,
  }) => {
    const card = launchCard(page, "CRAP");
    await expect(card).toHaveAttribute("data-face", "front");
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Meme", "Live"]);
    await expect(card.getByRole("heading", { name: "CRAP", exact: true })).toBeVisible();
    const links = card.getByRole("list", { name: "CRAP links" }).getByRole("link");
    await expect(links).toHaveCount(3);
    await expect(card.getByRole("link", { name: "CRAP on X" })).toHaveAttribute(
      "href",
      "https://x.com/poofinance",
    );
    await expect(card.getByRole("link", { name: "CRAP on Telegram" })).toHaveAttribute(
      "href",
      "https://t.me/poofinance",
    );
    await expect(card.getByRole("link", { name: "CRAP website" })).toHaveAttribute("target", "_blank");
    await expectHardcapBar(card, "Hardcap 60 ETH", 77);
    await expect(cardFigure(card, "Allocation")).toHaveText("60%");
    await expect(cardFigure(card, "Vesting")).toHaveText("30 days");
    await expect(card.getByText("Sale Starts In", { exact: true })).toBeVisible();
    await expect(countdown(card)).toHaveText(/^(\d+m )?\d+s$/);
    await expect(card.getByRole("button", { name: "Details", exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Whitelist", exact: true })).toBeVisible();
  });

  test("POO front: DeFi and Upcoming, 100 ETH hardcap at 0 %, 90 % allocation, no vesting, Details only", async ({
    page,
  }) => {
    const card = launchCard(page, "POO");
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "DeFi",
      "Upcoming",
    ]);
    await expect(card.getByRole("heading", { name: "POO", exact: true })).toBeVisible();
    await expect(card.getByRole("list", { name: "POO links" }).getByRole("link")).toHaveCount(2);
    await expectHardcapBar(card, "Hardcap 100 ETH", 0);
    await expect(cardFigure(card, "Allocation")).toHaveText("90%");
    await expect(cardFigure(card, "Vesting")).toHaveText("None");
    await expect(countdown(card)).toHaveText(/^2d (\d+h )?(\d+m )?\d+s$/);
    await expect(card.getByRole("button", { name: "Details", exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Whitelist" })).toHaveCount(0);
  });

  test("Details turns each card to its back (250B, 8 %, 20K, five tokenomics rows, 0.01 to 2 ETH); a click on the back turns it back", async ({
    page,
  }) => {
    for (const symbol of ["CRAP", "POO"]) {
      const card = launchCard(page, symbol);
      await card.getByRole("button", { name: "Details", exact: true }).click();
      await expectBack(card);
      // Anywhere on the back, not only its Back button.
      await card.getByRole("heading", { name: "Tokenomics" }).click();
      await expect(card).toHaveAttribute("data-face", "front");
      await expect(cardFigure(card, "Allocation")).toHaveText(symbol === "CRAP" ? "60%" : "90%");
    }
  });

  test("the countdown ticks: two reads a second apart differ, and it counts down", async ({ page }) => {
    for (const symbol of ["CRAP", "POO"]) {
      const timer = countdown(launchCard(page, symbol));
      const first = await timer.textContent();
      // Real time on purpose (the page's own one-second timer): the text changes within a bounded wait.
      await expect
        .poll(() => timer.textContent(), { message: `${symbol} countdown`, timeout: 5_000 })
        .not.toBe(first);
    }
  });

  test("at the stack's start the countdowns read 20m 15s and 2d 20m 15s; later, Sale started and Sale ended", async ({
    page,
    stack,
  }) => {
    const crap = launchOf(stack.launches, "crap");
    const startedAt = Date.parse(crap.saleStartsAt) - (20 * 60 + 15) * 1000;
    await page.clock.install({ time: startedAt - 60_000 });
    await page.goto("/launch");
    const crapCard = launchCard(page, "CRAP");
    await expect(countdown(crapCard)).toBeVisible();
    // Stop the page's clock a second before the stack's start, then let one tick land on it.
    await page.clock.pauseAt(startedAt - 1_000);
    await page.clock.runFor(1_000);
    await expect(countdown(crapCard)).toHaveText("20m 15s");
    await expect(countdown(launchCard(page, "POO"))).toHaveText("2d 20m 15s");
    await page.clock.runFor(1_000);
    await expect(countdown(crapCard)).toHaveText("20m 14s");

    // Jump (timers do not replay the skipped minutes), then let the one-second tick run once.
    await page.clock.setSystemTime(Date.parse(crap.saleStartsAt) + 64_000);
    await page.clock.runFor(1_000);
    await expect(crapCard.getByText("Sale started", { exact: true })).toBeVisible();
    await expect(countdown(crapCard)).toHaveText("1m 5s ago");

    await page.clock.setSystemTime(Date.parse(crap.saleEndsAt) + 1_000);
    await page.clock.runFor(1_000);
    await expect(crapCard.getByText("Sale ended", { exact: true })).toBeVisible();
    await expect(countdown(crapCard)).toHaveCount(0);
  });

  test("the info button opens the launch's description with a link and Dismiss", async ({ page }) => {
    await launchCard(page, "CRAP").getByRole("button", { name: "About CRAP Token" }).click();
    const info = page.getByRole("dialog", { name: "CRAP Token" });
    await expect(info).toContainText("CRAP is the reward token of POO Finance staking");
    await expect(info.getByRole("link", { name: "Visit the CRAP Token website" })).toHaveAttribute(
      "href",
      "https://poo.finance",
    );
    await info.getByRole("button", { name: "Dismiss" }).click();
    await expect(info).toBeHidden();
  });

  test("the flip animates, except for users who ask for reduced motion", async ({ page }) => {
    const inner = launchCard(page, "CRAP").locator("xpath=./div[1]");
    const duration = (): Promise<string> =>
      inner.evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(await duration()).toBe("0.6s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await duration()).toBe("0s");
  });
});
