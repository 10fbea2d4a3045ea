import { expect, test } from "./testing/fixtures";

const LOCAL = "0x7a69"; // 31337
const SEPOLIA = "0xaa36a7"; // 11155111

test.describe("networks", () => {
  test("reports the node's chain before any connection", async ({ walletPage, wallet }) => {
    expect(await walletPage.call("eth_chainId")).toBe(LOCAL);
    expect(await walletPage.call("net_version")).toBe("31337");
    expect(await wallet.chainId()).toBe(31_337);
  });

  test("switchChain from the wallet emits chainChanged; reads still go to the node", async ({
    walletPage,
    wallet,
    chain,
  }) => {
    await wallet.switchChain(11_155_111);
    expect(await walletPage.events()).toEqual([{ event: "chainChanged", payload: SEPOLIA }]);
    expect(await walletPage.call("eth_chainId")).toBe(SEPOLIA);
    expect(await walletPage.call("net_version")).toBe("11155111");

    // A chain the node does not serve: the "wrong network" case.
    await wallet.switchChain(999);
    expect(await walletPage.call("eth_chainId")).toBe("0x3e7");
    await chain.rpc("evm_mine");
    expect(await walletPage.call("eth_blockNumber")).toBe(await chain.rpc("eth_blockNumber"));
    expect(await walletPage.events()).toEqual([
      { event: "chainChanged", payload: SEPOLIA },
      { event: "chainChanged", payload: "0x3e7" },
    ]);
  });

  test("wallet_switchEthereumChain switches to a network the wallet knows", async ({ walletPage }) => {
    expect(await walletPage.call("wallet_switchEthereumChain", [{ chainId: "0x1" }])).toBeNull();
    expect(await walletPage.call("eth_chainId")).toBe("0x1");
    // Already there: nothing to do, no event.
    expect(await walletPage.call("wallet_switchEthereumChain", [{ chainId: "0x1" }])).toBeNull();
    expect(await walletPage.events()).toEqual([{ event: "chainChanged", payload: "0x1" }]);
  });

  test("an unknown chain fails with 4902; wallet_addEthereumChain adds it, then the app can switch to it", async ({
    walletPage,
    wallet,
  }) => {
    const error = await walletPage.callExpectingError("wallet_switchEthereumChain", [{ chainId: "0x14a34" }]);
    expect(error.code).toBe(4902);
    expect(await walletPage.call("eth_chainId")).toBe(LOCAL);

    const baseSepolia = {
      chainId: "0x14a34",
      chainName: "Base Sepolia",
      nativeCurrency: { name: "Sepolia Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: ["https://sepolia.base.org"],
      blockExplorerUrls: ["https://sepolia.basescan.org"],
    };
    // As in MetaMask (and as wagmi expects), approving the new network also switches to it.
    expect(await walletPage.call("wallet_addEthereumChain", [baseSepolia])).toBeNull();
    expect(await walletPage.call("eth_chainId")).toBe("0x14a34");
    expect(wallet.controller.chains()).toContainEqual({ ...baseSepolia, chainId: 84_532 });

    expect(await walletPage.call("wallet_switchEthereumChain", [{ chainId: LOCAL }])).toBeNull();
    expect(await walletPage.call("wallet_switchEthereumChain", [{ chainId: "0x14a34" }])).toBeNull();
    expect(await walletPage.events()).toEqual([
      { event: "chainChanged", payload: "0x14a34" },
      { event: "chainChanged", payload: LOCAL },
      { event: "chainChanged", payload: "0x14a34" },
    ]);
  });

  test("rejects malformed network parameters with -32602", async ({ walletPage }) => {
    expect(
      (await walletPage.callExpectingError("wallet_switchEthereumChain", [{ chainId: "0x01" }])).code,
    ).toBe(-32602);
    expect((await walletPage.callExpectingError("wallet_switchEthereumChain", [{ chainId: 1 }])).code).toBe(
      -32602,
    );
    const noRpc = {
      chainId: "0x2a",
      chainName: "No RPC",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: [],
    };
    expect((await walletPage.callExpectingError("wallet_addEthereumChain", [noRpc])).code).toBe(-32602);
    expect(await walletPage.call("eth_chainId")).toBe(LOCAL);
  });

  test("a rejected network switch leaves the chain as it was", async ({ walletPage, wallet }) => {
    await wallet.rejectNext("wallet_switchEthereumChain");
    expect(
      (await walletPage.callExpectingError("wallet_switchEthereumChain", [{ chainId: "0x1" }])).code,
    ).toBe(4001);
    expect(await walletPage.call("eth_chainId")).toBe(LOCAL);
    expect(await walletPage.events()).toEqual([]);
  });

  test("losing the network emits disconnect (4900) and regaining it emits connect", async ({
    walletPage,
    wallet,
  }) => {
    expect(
      await walletPage.page.evaluate(() =>
        (window as unknown as { testWallet: { isConnected(): boolean } }).testWallet.isConnected(),
      ),
    ).toBe(true);
    await wallet.controller.setOnline(false);
    expect(await walletPage.events()).toEqual([
      {
        event: "disconnect",
        payload: { code: 4900, message: "The provider is disconnected from all chains." },
      },
    ]);
    expect((await walletPage.callExpectingError("eth_chainId")).code).toBe(4900);

    await wallet.controller.setOnline(true);
    expect((await walletPage.events()).at(-1)).toEqual({ event: "connect", payload: { chainId: LOCAL } });
    expect(await walletPage.call("eth_chainId")).toBe(LOCAL);
  });
});
