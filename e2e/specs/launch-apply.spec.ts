import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/app";
import { pressInDialog, rainbowKitModal, walletOption } from "../support/connectWallet";
import { applyDialog, recordLaunchpadWrites, signInThroughDialog } from "../support/launchPage";
import type { WalletDriver } from "../wallet/WalletDriver";

const VALID = {
  "Project name": "Diaper Protocol",
  "Token symbol": "DIAPER",
  Website: "https://diaper.example",
  Contact: "team@diaper.example",
  Description: "A meme token that keeps things dry, launching with a fair presale.",
} as const;

type FieldLabel = keyof typeof VALID;

async function fill(page: Page, values: Record<FieldLabel, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await applyDialog(page).getByLabel(label, { exact: true }).fill(value);
  }
}

/** A field of the form by its label; its accessible description is the hint and the message under it. */
function field(page: Page, label: FieldLabel) {
  return applyDialog(page).getByLabel(label, { exact: true });
}

/** Disconnected visitor: the tile asks to connect, then to sign in, then opens the form. */
async function openFormFromScratch(page: Page, wallet: WalletDriver, accountIndex: number): Promise<void> {
  await wallet.switchAccount(accountIndex);
  await page.goto("/launch");
  await page.getByRole("button", { name: "Apply for a Launch" }).click();
  await expect(rainbowKitModal(page)).toContainText("Connect a Wallet");
  await pressInDialog(walletOption(page, wallet.name));
  await wallet.approveConnection();
  await signInThroughDialog(page, wallet);
  await expect(applyDialog(page)).toBeVisible();
}

test.describe("Apply for a Launch", () => {
  test("refuses invalid fields with a message each and sends nothing; a valid application is sent and acknowledged", async ({
    page,
    wallet,
  }) => {
    await openFormFromScratch(page, wallet, 5);
    const writes = recordLaunchpadWrites(page);
    const dialog = applyDialog(page);
    const send = dialog.getByRole("button", { name: "Send application" });

    // Everything empty: every field says what it needs; focus goes to the first.
    await send.click();
    await expect(field(page, "Project name")).toHaveAccessibleDescription(
      "Enter a project name of 2 to 64 characters.",
    );
    await expect(field(page, "Project name")).toBeFocused();
    await expect(field(page, "Token symbol")).toHaveAccessibleDescription(
      "Use 2 to 11 uppercase letters or digits, e.g. POO.",
    );
    await expect(field(page, "Website")).toHaveAccessibleDescription(
      "Enter the website's https:// address, e.g. https://example.com.",
    );
    await expect(field(page, "Contact")).toHaveAccessibleDescription("Enter an email address or an @handle.");
    await expect(field(page, "Description")).toHaveAccessibleDescription(
      /^0\/1000 characters Describe the project in 20 to 1000 characters\.$/,
    );

    // Wrong, not empty: still refused, field by field.
    await fill(page, {
      "Project name": "D",
      "Token symbol": "diaper",
      Website: "http://diaper.example",
      Contact: "nobody",
      Description: "Too short.",
    });
    await send.click();
    for (const label of Object.keys(VALID) as FieldLabel[]) {
      await expect(field(page, label), label).toHaveAttribute("aria-invalid", "true");
    }
    await expect(dialog.getByText("Describe the project in 20 to 1000 characters.")).toBeVisible();
    expect(writes).toEqual([]);

    await fill(page, VALID);
    for (const label of Object.keys(VALID) as FieldLabel[]) {
      await expect(field(page, label), label).toHaveAttribute("aria-invalid", "false");
    }
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/launch-applications") && response.request().method() === "POST",
    );
    await send.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(JSON.parse(response.request().postData() ?? "{}")).toEqual({
      projectName: "Diaper Protocol",
      tokenSymbol: "DIAPER",
      website: "https://diaper.example",
      contact: "team@diaper.example",
      description: VALID.Description,
    });
    await expect(dialog.getByRole("status").filter({ hasText: "Application sent" })).toBeVisible();
    await expect(dialog).toContainText(`Reference: ${id}`);
    await expect(dialog).toContainText("will reply to team@diaper.example");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(writes).toHaveLength(1);
  });

  test("a failed send says why and keeps what was typed; sending again works", async ({ page, wallet }) => {
    await openFormFromScratch(page, wallet, 6);
    await fill(page, VALID);
    await page.route("**/api/launch-applications", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "The launchpad is down for maintenance." }),
      }),
    );
    const dialog = applyDialog(page);
    await dialog.getByRole("button", { name: "Send application" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "The application was not sent: The launchpad is down for maintenance.",
    );
    await expect(dialog.getByLabel("Project name", { exact: true })).toHaveValue(VALID["Project name"]);

    await page.unroute("**/api/launch-applications");
    await dialog.getByRole("button", { name: "Send application" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Application sent" })).toBeVisible();
  });
});
