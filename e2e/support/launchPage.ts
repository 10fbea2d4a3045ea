import { expect, type Locator, type Page, type Request } from "@playwright/test";
import type { Launch } from "../../src/domain/launch/launchCatalogue";
import type { WalletDriver } from "../wallet/WalletDriver";
import { appHeader, pressInDialog } from "./connectWallet";

/** The launch card of `symbol` ("CRAP", "POO"): an article named by its symbol. */
export function launchCard(page: Page, symbol: string): Locator {
  return page.getByRole("article", { name: symbol, exact: true });
}

/**
 * The value beside a figure's term on the card's visible face ("Allocation" -> "60%"). The hidden
 * face is aria-hidden, so role queries see only the face the user sees.
 */
export function cardFigure(card: Locator, term: string): Locator {
  return card
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** The sale countdown's ticking figure on the card's front. */
export function countdown(card: Locator): Locator {
  return card.getByRole("timer");
}

export function whitelistDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Confirm Whitelist", exact: true });
}

export function amountInput(page: Page): Locator {
  return whitelistDialog(page).getByLabel("ETH amount to invest");
}

export function confirmButton(page: Page): Locator {
  return whitelistDialog(page).getByRole("button", { name: "Confirm", exact: true });
}

export function applyDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Apply for a Launch", exact: true });
}

/** RainbowKit's "Verify your account" (Sign-In with Ethereum) dialog. */
export function verifyDialog(page: Page): Locator {
  return page.getByRole("dialog").filter({ hasText: "Verify your account" });
}

/** Signs the Sign-In with Ethereum message in RainbowKit's dialog with the test wallet; waits for "Signed in". */
export async function signInThroughDialog(page: Page, wallet: WalletDriver): Promise<void> {
  const dialog = verifyDialog(page);
  await expect(dialog).toBeVisible();
  await pressInDialog(dialog.getByRole("button", { name: "Sign message" }));
  await wallet.confirmSignature();
  await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeVisible();
}

/** The sample catalogue's launch with `id`, as the stack wrote it for the build. */
export function launchOf(launches: { readonly launches: readonly Launch[] }, id: string): Launch {
  const launch = launches.launches.find((candidate) => candidate.id === id);
  if (!launch) throw new Error(`No launch "${id}" in the stack's catalogue`);
  return launch;
}

/** Requests the page sends to the launchpad API (registrations and applications), from now on. */
export function recordLaunchpadWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const isLaunchpad =
      url.pathname.startsWith("/api/launches/") || url.pathname.startsWith("/api/launch-applications");
    if (isLaunchpad && request.method() !== "GET") writes.push(request);
  });
  return writes;
}

export interface RegistrationAnswer {
  readonly status: number;
  readonly body: { amountEth?: string; address?: string; error?: string } | null;
}

/** GET /api/launches/:id/registration from the page, with its session cookie, as the app asks it. */
export async function fetchRegistration(page: Page, launchId: string): Promise<RegistrationAnswer> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/launches/${id}/registration`, { credentials: "same-origin" });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as RegistrationAnswer["body"]) : null };
  }, launchId);
}

/** PUT /api/launches/:id/registration from the page (bypassing the dialog), to see what the server allows. */
export async function putRegistration(
  page: Page,
  launchId: string,
  amountEth: string,
): Promise<RegistrationAnswer> {
  return page.evaluate(
    async ([id, amount]) => {
      const response = await fetch(`/api/launches/${id}/registration`, {
        method: "PUT",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amountEth: amount }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text ? (JSON.parse(text) as RegistrationAnswer["body"]) : null,
      };
    },
    [launchId, amountEth] as const,
  );
}
