import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/production";
import { appHeader, pressInDialog } from "../support/connectWallet";
import {
  amountInput,
  confirmButton,
  fetchRegistration,
  launchCard,
  whitelistDialog,
} from "../support/launchPage";
import { authMe, signInButton, verifyDialog } from "../support/signInFlows";
import { pooAmount, submitStake, successDialog, waitForFiguresLoaded } from "../support/stakePage";
import type { WalletDriver } from "../wallet/WalletDriver";

// The user's flows through production as docs/operations.md sets it up: nginx
// (deploy/nginx/poo-finance.conf) -> two `npm run serve` instances (NODE_ENV=production) -> one
// PostgreSQL. Registrations stay in PostgreSQL for the worker's life (the chain is reverted per test),
// so each test signs in with an account of its own. The kill test comes last: instance A stays dead.
const STAKE_AND_REGISTER_ACCOUNT = 1;
const KILLED_MID_FLOW_ACCOUNT = 2;

/** The header's Sign in → RainbowKit's dialog → the wallet signs → "Signed in". */
async function signIn(page: Page, wallet: WalletDriver): Promise<void> {
  await signInButton(page).click();
  const dialog = verifyDialog(page);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await pressInDialog(dialog.getByRole("button", { name: "Sign message" }));
  await wallet.confirmSignature();
  await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeVisible();
}

function openLaunchPage(page: Page) {
  // The app's own link: no reload, so the wallet stays connected as a user's would.
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Launch" }).click();
}

async function register(page: Page, amountEth: string): Promise<void> {
  await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
  const dialog = whitelistDialog(page);
  await expect(dialog.getByText("You are eligible for the CRAP Token whitelist.")).toBeVisible();
  await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();
  await amountInput(page).fill(amountEth);
  await confirmButton(page).click();
  await expect(dialog.getByText("Registration received.")).toBeVisible();
  await expect(dialog).toContainText(`You are registered with ${amountEth} ETH`);
}

test.describe.configure({ mode: "serial" });

test("connect, stake, sign in, register for the whitelist, reload: the registration is there", async ({
  page,
  wallet,
  connectWallet,
  production,
}) => {
  const address = await wallet.switchAccount(STAKE_AND_REGISTER_ACCOUNT);
  await page.goto("/");
  expect(await connectWallet(page)).toBe(address);
  await waitForFiguresLoaded(page);
  await submitStake(page, "150");
  await wallet.confirmTransaction();
  await wallet.confirmTransaction();
  await expect(successDialog(page)).toContainText("Stake successful", { timeout: 15_000 });
  await successDialog(page).getByRole("button", { name: "Dismiss" }).click();
  await expect(pooAmount(page, "Staked")).toHaveText("150 POO");

  await signIn(page, wallet);
  await openLaunchPage(page);
  await register(page, "0.5");

  await page.reload();
  await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
  await expect(whitelistDialog(page)).toContainText("You are registered with 0.5 ETH");
  const stored = await fetchRegistration(page, "crap");
  expect(stored.body?.address?.toLowerCase()).toBe(address.toLowerCase());

  // Both instances answered the user (nginx took turns), and every answer was a success.
  const log = production.nginx.accessLog();
  const served = new Set(log.flatMap((entry) => entry.upstreams));
  expect([...served].sort()).toEqual(production.instances.map((instance) => instance.upstream).sort());
  expect(log.filter((entry) => entry.status >= 500)).toEqual([]);
});

test("an instance killed between sign-in and registration: the registration lands, no error shown", async ({
  page,
  wallet,
  connectWallet,
  production,
}) => {
  const [killed, survivor] = production.instances;
  const address = await wallet.switchAccount(KILLED_MID_FLOW_ACCOUNT);
  await page.goto("/launch");
  expect(await connectWallet(page)).toBe(address);
  await signIn(page, wallet);

  // SIGKILL: a crash, the case nginx must cover on its own (no drain, no 503 from /api/ready first;
  // SIGTERM's graceful drain is the rolling restart of docs/operations.md).
  const before = production.nginx.accessLog().length;
  await killed.kill("SIGKILL");
  const errors: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`);
  });

  await register(page, "0.75");
  await expect(page.getByRole("alert")).toHaveCount(0);
  const stored = await fetchRegistration(page, "crap");
  expect(stored.status).toBe(200);
  expect(stored.body?.amountEth).toBe("0.75");
  expect((await authMe(page)).status).toBe(200);

  // nginx moved what reached the dead instance to the other one: no 5xx reached the browser.
  const after = production.nginx.accessLog().slice(before);
  expect(errors).toEqual([]);
  expect(after.filter((entry) => entry.status >= 500)).toEqual([]);
  expect(
    after.some((entry) => entry.upstreams[0] === killed.upstream && entry.upstreams[1] === survivor.upstream),
  ).toBe(true);

  // The killed instance's readiness is gone (nothing listens); the other's stays 200.
  await expect(fetch(`${killed.url}/api/ready`)).rejects.toThrow();
  const ready = await fetch(`${survivor.url}/api/ready`);
  expect(ready.status).toBe(200);
});
