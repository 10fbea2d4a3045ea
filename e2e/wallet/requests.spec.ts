import { expect, test } from "./testing/fixtures";

const POO_TOKEN = {
  address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  symbol: "POO",
  decimals: 18,
  image: "https://poo.finance/poo.svg",
};

test.describe("requests", () => {
  test("logs every method the page calls, with its outcome", async ({ walletPage, wallet }) => {
    await walletPage.call("eth_chainId");
    await walletPage.call("eth_accounts");
    await walletPage.call("eth_blockNumber");
    await walletPage.callExpectingError("wallet_switchEthereumChain", [{ chainId: "0x4d2" }]);
    expect(wallet.controller.requests()).toEqual([
      expect.objectContaining({
        method: "eth_chainId",
        outcome: "ok",
        result: "0x7a69",
        origin: "http://127.0.0.1:8649",
      }),
      expect.objectContaining({ method: "eth_accounts", outcome: "ok", result: [] }),
      expect.objectContaining({ method: "eth_blockNumber", outcome: "ok" }),
      expect.objectContaining({
        method: "wallet_switchEthereumChain",
        params: [{ chainId: "0x4d2" }],
        outcome: "error",
        error: expect.objectContaining({ code: 4902 }),
      }),
    ]);
  });

  test("forwards reads to the node and passes its answers and errors through", async ({
    walletPage,
    wallet,
    chain,
  }) => {
    const [account0] = await wallet.accounts();
    expect(await walletPage.call("eth_getBalance", [account0, "latest"])).toBe(
      await chain.rpc("eth_getBalance", [account0, "latest"]),
    );
    expect(await walletPage.call("eth_gasPrice")).toMatch(/^0x[0-9a-f]+$/);
    const error = await walletPage.callExpectingError("eth_getBalance", ["not-an-address", "latest"]);
    expect(error.code).toBe(-32602);
  });

  test("rejects malformed requests like an EIP-1193 provider", async ({ walletPage, page }) => {
    const codes = await page.evaluate(async () => {
      const provider = (window as unknown as { testWallet: { request(args: unknown): Promise<unknown> } })
        .testWallet;
      const codeOf = (args: unknown) =>
        provider.request(args).then(
          () => "resolved",
          (error: { code: number }) => error.code,
        );
      return [
        await codeOf("eth_chainId"),
        await codeOf({ method: "" }),
        await codeOf({ method: "eth_chainId", params: "x" }),
      ];
    });
    expect(codes).toEqual([-32600, -32600, -32600]);
    // wallet_* methods the wallet does not implement (EIP-7715 permissions here) answer 4200.
    expect((await walletPage.callExpectingError("wallet_grantPermissions", [{}])).code).toBe(4200);
  });

  test("wallet_watchAsset records the token and answers true", async ({ walletPage, wallet }) => {
    expect(await walletPage.call("wallet_watchAsset", { type: "ERC20", options: POO_TOKEN })).toBe(true);
    expect(wallet.controller.watchedAssets()).toEqual([
      { type: "ERC20", ...POO_TOKEN, origin: "http://127.0.0.1:8649" },
    ]);

    expect(
      (await walletPage.callExpectingError("wallet_watchAsset", { type: "ERC721", options: POO_TOKEN })).code,
    ).toBe(-32602);
    await wallet.rejectNext("wallet_watchAsset");
    expect(
      (await walletPage.callExpectingError("wallet_watchAsset", { type: "ERC20", options: POO_TOKEN })).code,
    ).toBe(4001);
    expect(wallet.controller.watchedAssets()).toHaveLength(1);
  });
});
