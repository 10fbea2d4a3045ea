import { Client } from "pg";
import { netnsUnavailable } from "../../scripts/lib/netns/netnsUnavailable";
import { NGINX_FAIL_TIMEOUT_S } from "../../scripts/lib/nginx/renderNginxSite";
import { expect, test } from "../fixtures/multihost";
import { connectWallet } from "../support/connectWallet";
import {
  amountInput,
  confirmButton,
  fetchRegistration,
  launchCard,
  signInThroughDialog,
  whitelistDialog,
} from "../support/launchPage";
import { signInButton } from "../support/signInFlows";

// Production on several hosts (docs/operations.md "Checked on several hosts"): nginx, two instances
// and PostgreSQL each on a test host of its own (Linux network namespaces on a private bridge), the
// browser outside. A host that vanishes, its link cut with nothing killed and no connection reset,
// costs the user's next action at most 5 s (issue 45), lands once and shows no error.
const unavailable = netnsUnavailable();
if (unavailable !== undefined) console.log(`multi-host tests skipped: ${unavailable}`);
test.skip(unavailable !== undefined, `multi-host tests skipped: ${unavailable}`);

/** What a user's action may cost when a host vanishes: nginx's read timeout (3 s) and the rest. */
const NEXT_ACTION_BOUND_MS = 5_000;
const ACCOUNT = 1;

async function registrationsOf(databaseUrl: string, address: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT COUNT(*) AS n FROM launch_registrations WHERE launch_id = 'crap' AND lower(address) = lower($1)",
      [address],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

test("a host's link cut after sign-in: the registration lands once within 5 s, and the host comes back", async ({
  page,
  wallet,
  multiHost,
}) => {
  const [cutOff, survivor] = multiHost.instances;
  const errors: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`);
  });
  const address = await wallet.switchAccount(ACCOUNT);
  await page.goto("/launch");
  expect(await connectWallet(page, wallet)).toBe(address);
  await signInButton(page).click();
  await signInThroughDialog(page, wallet);
  // Both hosts served the user through nginx so far, so nginx holds idle connections to both.
  const served = new Set(multiHost.nginx.accessLog().flatMap((entry) => entry.upstreams));
  expect([...served].sort()).toEqual(multiHost.instances.map((instance) => instance.upstream).sort());

  const before = multiHost.nginx.accessLog().length;
  multiHost.network.cut(cutOff.host);
  // The user's actions after the cut, each timed: opening the whitelist (its registration and
  // eligibility reads), then the registration itself. Whichever first meets the silent host pays
  // nginx's read timeout once; each must complete within 5 s.
  const timed = async (action: () => Promise<void>): Promise<number> => {
    const started = performance.now();
    await action();
    return performance.now() - started;
  };
  const dialog = whitelistDialog(page);
  const openMs = await timed(async () => {
    await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
    await expect(dialog.getByText("You are eligible for the CRAP Token whitelist.")).toBeVisible();
  });
  await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();
  await amountInput(page).fill("0.5");
  const registerMs = await timed(async () => {
    await confirmButton(page).click();
    await expect(dialog.getByText("Registration received.")).toBeVisible();
  });
  console.log(
    `[multihost] host ${cutOff.host} cut: whitelist opened in ${(openMs / 1000).toFixed(2)} s, registration in ${(registerMs / 1000).toFixed(2)} s`,
  );
  expect(openMs).toBeLessThanOrEqual(NEXT_ACTION_BOUND_MS);
  expect(registerMs).toBeLessThanOrEqual(NEXT_ACTION_BOUND_MS);

  // It landed once; nothing the browser got was a 5xx; nginx met the silent host and moved on, and no
  // POST went to two hosts but the chain-read gateway's (reads only: nginx resends them on purpose).
  expect(await registrationsOf(multiHost.databaseUrl, address)).toBe(1);
  expect(errors).toEqual([]);
  const after = multiHost.nginx.accessLog().slice(before);
  expect(after.filter((entry) => entry.status >= 500)).toEqual([]);
  expect(
    after.some((entry) => entry.upstreams[0] === cutOff.upstream && entry.upstreams[1] === survivor.upstream),
  ).toBe(true);
  const resent = after.filter((entry) => entry.request.startsWith("POST") && entry.upstreams.length > 1);
  expect(resent.filter((entry) => !entry.request.startsWith("POST /api/rpc/"))).toEqual([]);

  // The link back: within fail_timeout nginx tries the host again, and it answers.
  multiHost.network.restore(cutOff.host);
  const restoredAt = performance.now();
  const mark = multiHost.nginx.accessLog().length;
  await expect
    .poll(
      async () => {
        await page.evaluate(() => fetch("/api/health").then((response) => response.status));
        return multiHost.nginx
          .accessLog()
          .slice(mark)
          .some((entry) => entry.upstreams.at(-1) === cutOff.upstream && entry.status === 200);
      },
      { timeout: (NGINX_FAIL_TIMEOUT_S + 3) * 1000, intervals: [250] },
    )
    .toBe(true);
  console.log(
    `[multihost] host ${cutOff.host} back in rotation ${((performance.now() - restoredAt) / 1000).toFixed(2)} s after its link returned`,
  );
  const stored = await fetchRegistration(page, "crap");
  expect(stored.body?.amountEth).toBe("0.5");
  expect(errors).toEqual([]);
});
