import { expect, test } from "./testing/fixtures";
import { OTHER_ORIGIN, TEST_ORIGIN, WalletTestPage } from "./testing/WalletTestPage";

test.describe("connecting an app", () => {
  test("answers eth_accounts with [] until the app asks, then with the active account", async ({
    walletPage,
    wallet,
  }) => {
    const [account0] = await wallet.accounts();
    expect(await walletPage.call("eth_accounts")).toEqual([]);
    expect(await walletPage.call("wallet_getPermissions")).toEqual([]);
    expect(await walletPage.events()).toEqual([]);

    expect(await walletPage.call("eth_requestAccounts")).toEqual([account0]);
    expect(await walletPage.call("eth_accounts")).toEqual([account0]);
    expect(await walletPage.events()).toEqual([{ event: "accountsChanged", payload: [account0] }]);

    // Asking again while connected needs no approval and changes nothing.
    expect(await walletPage.call("eth_requestAccounts")).toEqual([account0]);
    expect(await walletPage.events()).toHaveLength(1);
    expect(await walletPage.call("wallet_getPermissions")).toEqual([
      expect.objectContaining({
        parentCapability: "eth_accounts",
        invoker: TEST_ORIGIN,
        caveats: [{ type: "restrictReturnedAccounts", value: [account0] }],
      }),
    ]);
  });

  test("connects through wallet_requestPermissions", async ({ walletPage, wallet }) => {
    const account0 = await wallet.activeAccount();
    const permissions = await walletPage.call("wallet_requestPermissions", [{ eth_accounts: {} }]);
    expect(permissions).toEqual([
      {
        id: expect.any(String),
        parentCapability: "eth_accounts",
        invoker: TEST_ORIGIN,
        date: expect.any(Number),
        caveats: [{ type: "restrictReturnedAccounts", value: [account0] }],
      },
    ]);
    expect(await walletPage.call("eth_accounts")).toEqual([account0]);
    expect(await walletPage.events()).toEqual([{ event: "accountsChanged", payload: [account0] }]);
    expect(
      (
        await walletPage.callExpectingError("wallet_requestPermissions", [
          { eth_accounts: {}, snap_dialog: {} },
        ])
      ).code,
    ).toBe(-32602);
  });

  test("a rejected connection request fails with 4001 and leaves the app disconnected", async ({
    walletPage,
    wallet,
  }) => {
    await wallet.rejectNext();
    expect(await walletPage.callExpectingError("eth_requestAccounts")).toEqual({
      code: 4001,
      message: "User rejected the request.",
    });
    expect(await walletPage.call("eth_accounts")).toEqual([]);
    expect(await walletPage.events()).toEqual([]);
    // The rejection was used up: the next request is approved.
    expect(await walletPage.call("eth_requestAccounts")).toEqual([await wallet.activeAccount()]);
  });

  test("emits accountsChanged when the user switches account, only once connected", async ({
    walletPage,
    wallet,
  }) => {
    const accounts = await wallet.accounts();
    await wallet.switchAccount(2);
    expect(await walletPage.events()).toEqual([]);
    expect(await walletPage.call("eth_accounts")).toEqual([]);

    expect(await walletPage.call("eth_requestAccounts")).toEqual([accounts[2]]);
    await walletPage.clearEvents();
    expect(await wallet.switchAccount(1)).toBe(accounts[1]);
    expect(await walletPage.events()).toEqual([{ event: "accountsChanged", payload: [accounts[1]] }]);
    expect(await walletPage.call("eth_accounts")).toEqual([accounts[1]]);

    await wallet.switchAccount(accounts[0]!.toLowerCase() as `0x${string}`);
    expect(await walletPage.events()).toEqual([
      { event: "accountsChanged", payload: [accounts[1]] },
      { event: "accountsChanged", payload: [accounts[0]] },
    ]);
    await expect(wallet.switchAccount(99)).rejects.toThrow(/no index 99/);
  });

  test("wallet_revokePermissions disconnects: accounts [] and accountsChanged([])", async ({
    walletPage,
  }) => {
    await walletPage.call("eth_requestAccounts");
    await walletPage.clearEvents();
    expect(await walletPage.call("wallet_revokePermissions", [{ eth_accounts: {} }])).toBeNull();
    expect(await walletPage.events()).toEqual([{ event: "accountsChanged", payload: [] }]);
    expect(await walletPage.call("eth_accounts")).toEqual([]);
    expect(await walletPage.call("wallet_getPermissions")).toEqual([]);
  });

  test("disconnect() from the wallet side sends accountsChanged([])", async ({ walletPage, wallet }) => {
    await walletPage.call("eth_requestAccounts");
    await walletPage.clearEvents();
    await wallet.disconnect();
    expect(await walletPage.events()).toEqual([{ event: "accountsChanged", payload: [] }]);
    expect(await walletPage.call("eth_accounts")).toEqual([]);
    expect(wallet.controller.connectedOrigins()).toEqual([]);
  });

  test("remembers the connection per origin, across reloads", async ({ context, walletPage, wallet }) => {
    const account0 = await wallet.activeAccount();
    await walletPage.call("eth_requestAccounts");

    const elsewhere = await WalletTestPage.open(await context.newPage(), { origin: OTHER_ORIGIN });
    expect(await elsewhere.call("eth_accounts")).toEqual([]);

    await walletPage.page.reload();
    await walletPage.discover();
    expect(await walletPage.call("eth_accounts")).toEqual([account0]);
    expect(
      await walletPage.page.evaluate(
        () => (window as unknown as { testWallet: { selectedAddress: string } }).testWallet.selectedAddress,
      ),
    ).toBe(account0);

    // Account changes go to connected origins only.
    const account1 = await wallet.switchAccount(1);
    expect(await walletPage.events()).toEqual([{ event: "accountsChanged", payload: [account1] }]);
    expect(await elsewhere.events()).toEqual([]);
  });

  test("removeListener stops the events for that listener", async ({ walletPage, wallet }) => {
    await walletPage.call("eth_requestAccounts");
    await walletPage.clearEvents();
    await walletPage.stopListening("accountsChanged");
    await wallet.switchAccount(3);
    await wallet.switchChain(1);
    expect(await walletPage.events()).toEqual([{ event: "chainChanged", payload: "0x1" }]);
  });
});
