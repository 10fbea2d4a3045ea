import { test } from "../fixtures/sepolia";
import { indexerStoppedFlow, oldStakeListedFlow } from "../support/activityHistoryFlows";

// The same on the Sepolia look-alike: the page reads through the site's gateway, then its public RPC (a counting proxy),
// capped at 10,000 blocks per eth_getLogs; blocks every second. A reorganised block leaving the list is
// the app project's (e2e/specs/activity-history.spec.ts): the same flow, nothing Sepolia-specific in it.
test.describe("Your activity at any age of the chain (Sepolia look-alike)", () => {
  test("a stake made a million blocks ago is listed with at most 3 requests, on the first load and after a reload", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
    publicRpc,
  }) => {
    await oldStakeListedFlow({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
      rpcUrls: [`${stack.webUrl}/api/rpc/`, publicRpc.url],
    });
  });

  test("the indexer stopped mid-session: a new stake still shows, then one line says what is missing", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
    publicRpc,
  }) => {
    await indexerStoppedFlow({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
      rpcUrls: [`${stack.webUrl}/api/rpc/`, publicRpc.url],
    });
  });
});
