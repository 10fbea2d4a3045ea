import { expect, test } from "./fixtures";
import { accountButton, connectButton, rainbowKitModal } from "../support/connectWallet";

test.describe("MetaMask: connecting", () => {
  test("connects and shows the account in the header", async ({ page, connectWallet, stack }) => {
    await page.goto("/");
    const address = await connectWallet(page);
    expect(address).toBe(stack.accounts[0]);
    await expect(accountButton(page, address)).toBeVisible();
    await accountButton(page, address).click();
    await rainbowKitModal(page).getByRole("button", { name: "Disconnect" }).click();
    await expect(connectButton(page)).toBeVisible();
  });
});
