import { test } from "../fixtures/sepolia";
import {
  indexerStoppedFlow,
  oldStakeListedFlow,
  reorganisedStakeFlow,
} from "../support/activityHistoryFlows";

// The same on the Sepolia look-alike: the page reads through its fallback RPC (a counting proxy),
// capped at 10,000 blocks per eth_getLogs; blocks every second.
test.describe("Your activity at any age of the chain (Sepolia look-alike)", () => {
  test("a stake made a million blocks ago is listed with at most 3 requests, on the first load and after a reload", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
    fallbackRpc,
  }) => {
    await oldStakeListedFlow({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
      rpcOrigin: new URL(fallbackRpc.url).origin,
    });
  });

  test("the indexer stopped mid-session: a new stake still shows, then one line says what is missing", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
    fallbackRpc,
  }) => {
    await indexerStoppedFlow({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
      rpcOrigin: new URL(fallbackRpc.url).origin,
    });
  });

  test("a reorganised block's stake leaves the list", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
    fallbackRpc,
  }) => {
    await reorganisedStakeFlow({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
      rpcOrigin: new URL(fallbackRpc.url).origin,
    });
  });
});
