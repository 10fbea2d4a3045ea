import { test } from "../fixtures/app";
import {
  indexerStoppedFlow,
  oldStakeListedFlow,
  reorganisedStakeFlow,
} from "../support/activityHistoryFlows";

// "Your activity" from the indexer and the chain's newest blocks, on a chain a million blocks old
// (the stack's aged stake), the page's eth_getLogs capped at 10,000 blocks.
test.describe("Your activity at any age of the chain", () => {
  test("a stake made a million blocks ago is listed with at most 3 requests, on the first load and after a reload", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await oldStakeListedFlow({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
      rpcUrls: [`${stack.webUrl}/api/rpc/`, stack.chainUrl],
    });
  });

  test("the indexer stopped mid-session: a new stake still shows, then one line says what is missing", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await indexerStoppedFlow({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
      rpcUrls: [`${stack.webUrl}/api/rpc/`, stack.chainUrl],
    });
  });

  test("a reorganised block's stake leaves the list", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await reorganisedStakeFlow({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
      rpcUrls: [`${stack.webUrl}/api/rpc/`, stack.chainUrl],
    });
  });
});
