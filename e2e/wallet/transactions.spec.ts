import { numberToHex, parseEther, type Address, type Hash } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { InjectedTestWalletDriver } from "./InjectedTestWalletDriver";
import { expect, test } from "./testing/fixtures";
import { WalletTestPage } from "./testing/WalletTestPage";

interface Receipt {
  status: string;
  from: string;
  to: string | null;
  contractAddress: string | null;
}

const RECIPIENT: Address = "0x000000000000000000000000000000000000bEEF";

/** Init code for a contract whose every call reverts with the 4-byte custom error 0xdeadbeef. */
const REVERTER_INIT_CODE = "0x6010600c60003960106000f363deadbeef60e01b60005260046000fd";

test.describe("transactions", () => {
  test("eth_sendTransaction is signed by the active account and mined by the node", async ({
    walletPage,
    wallet,
    chain,
  }) => {
    const [account0] = await walletPage.call<Address[]>("eth_requestAccounts");
    const before = BigInt(await chain.rpc<string>("eth_getBalance", [RECIPIENT, "latest"]));

    const hash = await walletPage.call<Hash>("eth_sendTransaction", [
      { from: account0, to: RECIPIENT, value: numberToHex(parseEther("1.5")) },
    ]);

    const receipt = await chain.rpc<Receipt>("eth_getTransactionReceipt", [hash]);
    expect(receipt).toMatchObject({
      status: "0x1",
      from: account0!.toLowerCase(),
      to: RECIPIENT.toLowerCase(),
    });
    expect(BigInt(await chain.rpc<string>("eth_getBalance", [RECIPIENT, "latest"])) - before).toBe(
      parseEther("1.5"),
    );
    expect(await wallet.sentTransactions()).toEqual([
      expect.objectContaining({
        hash,
        from: account0,
        to: RECIPIENT,
        value: parseEther("1.5"),
        chainId: 31_337,
      }),
    ]);
  });

  test("signs with its own key: works for an account the node does not hold", async ({ browser, chain }) => {
    const context = await browser.newContext();
    try {
      const wallet = new InjectedTestWalletDriver({
        rpcUrl: chain.rpcUrl,
        privateKeys: [generatePrivateKey()],
      });
      const [stranger] = await wallet.accounts();
      await chain.rpc("hardhat_setBalance", [stranger, numberToHex(parseEther("10"))]);
      await wallet.install(context);
      const walletPage = await WalletTestPage.open(await context.newPage());
      await walletPage.call("eth_requestAccounts");

      const hash = await walletPage.call<Hash>("eth_sendTransaction", [
        { from: stranger, to: RECIPIENT, value: "0x1" },
      ]);
      const receipt = await chain.rpc<Receipt>("eth_getTransactionReceipt", [hash]);
      expect(receipt).toMatchObject({ status: "0x1", from: stranger!.toLowerCase() });
    } finally {
      await context.close();
    }
  });

  test("after switchAccount, transactions come from the new account", async ({
    walletPage,
    wallet,
    chain,
  }) => {
    await walletPage.call("eth_requestAccounts");
    const account5 = await wallet.switchAccount(5);
    const hash = await walletPage.call<Hash>("eth_sendTransaction", [
      { from: account5, to: RECIPIENT, value: "0x2" },
    ]);
    expect((await chain.rpc<Receipt>("eth_getTransactionReceipt", [hash])).from).toBe(account5.toLowerCase());
  });

  test("keeps the gas, nonce and type the app set, and fills in the rest", async ({ walletPage, chain }) => {
    const [account0] = await walletPage.call<Address[]>("eth_requestAccounts");
    const legacy = await walletPage.call<Hash>("eth_sendTransaction", [
      { from: account0, to: RECIPIENT, value: "0x1", type: "0x0", gas: "0x7530" },
    ]);
    expect(
      await chain.rpc<{ type: string; gas: string; nonce: string }>("eth_getTransactionByHash", [legacy]),
    ).toMatchObject({
      type: "0x0",
      gas: "0x7530",
      nonce: "0x0",
    });
    const dynamic = await walletPage.call<Hash>("eth_sendTransaction", [
      { from: account0, to: RECIPIENT, nonce: "0x1" },
    ]);
    expect(
      await chain.rpc<{ type: string; nonce: string }>("eth_getTransactionByHash", [dynamic]),
    ).toMatchObject({
      type: "0x2",
      nonce: "0x1",
    });
  });

  test("a rejected transaction fails with 4001 and nothing is sent", async ({
    walletPage,
    wallet,
    chain,
  }) => {
    const [account0] = await walletPage.call<Address[]>("eth_requestAccounts");
    const nonceBefore = await chain.rpc<string>("eth_getTransactionCount", [account0, "pending"]);
    const blockBefore = await chain.rpc<string>("eth_blockNumber");

    await wallet.rejectNext("eth_sendTransaction");
    const error = await walletPage.callExpectingError("eth_sendTransaction", [
      { from: account0, to: RECIPIENT, value: "0x1" },
    ]);

    expect(error).toEqual({ code: 4001, message: "User rejected the request." });
    expect(await chain.rpc("eth_getTransactionCount", [account0, "pending"])).toBe(nonceBefore);
    expect(await chain.rpc("eth_blockNumber")).toBe(blockBefore);
    expect(await wallet.sentTransactions()).toEqual([]);
    expect(wallet.controller.requests().at(-1)).toMatchObject({
      method: "eth_sendTransaction",
      outcome: "error",
      error: { code: 4001 },
    });
  });

  test("refuses to send before the app is connected or from another account", async ({
    walletPage,
    wallet,
  }) => {
    const [account0, account1] = await wallet.accounts();
    expect(
      (await walletPage.callExpectingError("eth_sendTransaction", [{ from: account0, to: RECIPIENT }])).code,
    ).toBe(4100);
    await walletPage.call("eth_requestAccounts");
    expect(
      (await walletPage.callExpectingError("eth_sendTransaction", [{ from: account1, to: RECIPIENT }])).code,
    ).toBe(4100);
    expect(
      (
        await walletPage.callExpectingError("eth_sendTransaction", [
          { from: account0, to: RECIPIENT, chainId: "0x1" },
        ])
      ).code,
    ).toBe(-32602);
    expect(await wallet.sentTransactions()).toEqual([]);
  });

  test("deploys contracts, and passes the node's revert data back to the app", async ({
    walletPage,
    wallet,
    chain,
  }) => {
    const [account0] = await walletPage.call<Address[]>("eth_requestAccounts");
    const deployHash = await walletPage.call<Hash>("eth_sendTransaction", [
      { from: account0, data: REVERTER_INIT_CODE },
    ]);
    const { contractAddress } = await chain.rpc<Receipt>("eth_getTransactionReceipt", [deployHash]);
    expect(contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await wallet.confirmTransaction()).to).toBeNull();

    // A read: forwarded to the node, whose error (with the revert data) reaches the page unchanged.
    const callError = await walletPage.callExpectingError("eth_call", [
      { to: contractAddress, data: "0x" },
      "latest",
    ]);
    expect(callError.data).toBe("0xdeadbeef");

    // A transaction: gas estimation reverts before anything is signed; the revert data comes along.
    const sendError = await walletPage.callExpectingError("eth_sendTransaction", [
      { from: account0, to: contractAddress, data: "0x" },
    ]);
    expect(sendError.data).toBe("0xdeadbeef");
    expect(await wallet.sentTransactions()).toHaveLength(1);
  });

  test("on a network the node does not serve, a transaction fails at the node", async ({
    walletPage,
    wallet,
  }) => {
    const [account0] = await walletPage.call<Address[]>("eth_requestAccounts");
    await wallet.switchChain(11_155_111);
    const error = await walletPage.callExpectingError("eth_sendTransaction", [
      { from: account0, to: RECIPIENT, value: "0x1" },
    ]);
    expect(error.code).not.toBe(4001);
    expect(await wallet.sentTransactions()).toEqual([]);
  });
});
