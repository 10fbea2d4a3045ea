import type { Page } from "@playwright/test";
import type { NginxAccessEntry } from "../../scripts/lib/nginx/startNginx";
import { expect, test } from "../fixtures/production";
import { appHeader, pressInDialog } from "../support/connectWallet";
import {
  amountInput,
  confirmButton,
  fetchRegistration,
  launchCard,
  whitelistDialog,
} from "../support/launchPage";
import { pendingRequests } from "../support/pendingRequests";
import { steadyLoad, type LoadResult } from "../support/steadyLoad";
import { authMe, signInButton, verifyDialog } from "../support/signInFlows";
import { pooAmount, submitStake, successDialog, waitForFiguresLoaded } from "../support/stakePage";
import type { WalletDriver } from "../wallet/WalletDriver";

// The user's flows through production as docs/operations.md sets it up: nginx
// (deploy/nginx/poo-finance.conf) -> two `npm run serve` instances (NODE_ENV=production) -> one
// PostgreSQL. Registrations stay in PostgreSQL for the worker's life (the chain is reverted per test),
// so each test signs in with an account of its own. The rolling restart leaves both instances up; the
// kill test comes last: instance A stays dead.
const STAKE_AND_REGISTER_ACCOUNT = 1;
const KILLED_MID_FLOW_ACCOUNT = 2;

/**
 * The header's Sign in → RainbowKit's dialog → the wallet signs → "Signed in". Returns the Set-Cookie
 * header of the sign-in's answer, as it came through nginx.
 */
async function signIn(page: Page, wallet: WalletDriver): Promise<string> {
  const verified = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/auth/verify" && response.status() === 200,
  );
  await signInButton(page).click();
  const dialog = verifyDialog(page);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await pressInDialog(dialog.getByRole("button", { name: "Sign message" }));
  await wallet.confirmSignature();
  await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeVisible();
  return (await (await verified).headerValue("set-cookie")) ?? "";
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
  // This test's requests only (the specs before it leave theirs in nginx's log).
  const logFrom = production.nginx.accessLog().length;
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

  // The session cookie as it reaches the browser through nginx: the API's path only, out of reach of
  // scripts, not sent on cross-site requests. Not Secure: this origin is plain http on loopback (the
  // instances mark it Secure for any other origin; src/server/http tests).
  const setCookie = await signIn(page, wallet);
  const sessionCookie = setCookie.split("\n").find((line) => line.startsWith("poo_session="));
  expect(sessionCookie).toMatch(/^poo_session=[^;]+; Max-Age=\d+; Path=\/api; HttpOnly; SameSite=Lax$/);
  const [session] = (await page.context().cookies()).filter((cookie) => cookie.name === "poo_session");
  expect(session).toMatchObject({ path: "/api", httpOnly: true, sameSite: "Lax", secure: false });
  await openLaunchPage(page);
  await register(page, "0.5");

  await page.reload();
  await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
  await expect(whitelistDialog(page)).toContainText("You are registered with 0.5 ETH");
  const stored = await fetchRegistration(page, "crap");
  expect(stored.body?.address?.toLowerCase()).toBe(address.toLowerCase());

  // Both instances answered the user (nginx took turns), the indexer's replicas the activity
  // (/indexer), and every answer was a success.
  const log = production.nginx.accessLog().slice(logFrom);
  const isIndexer = (entry: NginxAccessEntry) => / \/indexer\//.test(entry.request);
  const served = new Set(log.filter((entry) => !isIndexer(entry)).flatMap((entry) => entry.upstreams));
  expect([...served].sort()).toEqual(production.instances.map((instance) => instance.upstream).sort());
  const replicas = production.activityIndexer.replicas.map((replica) => replica.upstream);
  for (const upstream of log.filter(isIndexer).flatMap((entry) => entry.upstreams))
    expect(replicas).toContain(upstream);
  expect(log.filter((entry) => entry.status >= 500)).toEqual([]);
});

test("a rolling restart under a steady load: SIGTERM, not ready, nginx moves on, back, then the other; no request fails", async ({
  production,
}) => {
  test.setTimeout(180_000);
  const nginxUrl = production.webUrl;
  const load = steadyLoad(nginxUrl, ["/", "/api/health", "/api/price/poo", "/launch"]);
  /** The instance's own readiness, past nginx: 200, 503, or no answer while it is down. */
  const readiness = (url: string) =>
    fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status,
      () => "no answer",
    );
  let result: LoadResult;
  try {
    for (const instance of production.instances) {
      // SIGTERM: it drains and exits; meanwhile it is not ready (503, then its port refuses).
      const stopped = instance.stop();
      await expect.poll(() => readiness(instance.url), { timeout: 15_000 }).not.toBe(200);
      await stopped;
      expect(await readiness(instance.url)).toBe("no answer");
      // nginx moves on: the load goes on, answered by the other instance.
      const whileDown = production.nginx.accessLog().length;
      await expect
        .poll(() => production.nginx.accessLog().length, { timeout: 15_000 })
        .toBeGreaterThan(whileDown + 10);

      // Started again: ready, then nginx's fail_timeout passes and it sends this instance requests
      // again (the access log names it). Only then the next one: before, nginx would have none to use.
      await instance.start();
      await expect.poll(() => readiness(instance.url), { timeout: 30_000 }).toBe(200);
      const restartedAt = production.nginx.accessLog().length;
      await expect
        .poll(
          () =>
            production.nginx
              .accessLog()
              .slice(restartedAt)
              .some((entry) => entry.upstreams.at(-1) === instance.upstream && entry.status < 500),
          { timeout: 30_000, message: `nginx sends ${instance.upstream} requests again` },
        )
        .toBe(true);
    }
  } finally {
    result = await load.stop();
  }
  console.log(`[rolling restart] ${result.requests} requests through nginx, ${result.failed.length} failed`);
  expect(result.failed).toEqual([]);
  expect(result.requests).toBeGreaterThan(100);
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
  const apiRequests = pendingRequests(page, (url) => url.pathname.startsWith("/api/"));

  await register(page, "0.75");
  // No error on the page once every API request it made since the kill has its answer (an alert
  // checked right after the success text could come later, from a request still in flight).
  await apiRequests.settled();
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
