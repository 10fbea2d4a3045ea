import { toHex, type Address, type Hash } from "viem";
import { expect, test } from "./testing/fixtures";
import type { WalletDriver } from "./WalletDriver";

const RECIPIENT: Address = "0x000000000000000000000000000000000000bEEF";

test.describe("WalletDriver semantics of the injected wallet", () => {
  test("approveConnection waits for the app to ask, then returns the connected address", async ({
    walletPage,
    wallet,
  }) => {
    const driver: WalletDriver = wallet;
    await expect(driver.approveConnection({ timeoutMs: 200 })).rejects.toThrow(
      /Timed out waiting for the app to connect/,
    );

    const approved = driver.approveConnection();
    await walletPage.requestInBackground("eth_requestAccounts");
    expect(await approved).toBe(await driver.activeAccount());
    expect(await walletPage.call("eth_accounts")).toEqual([await driver.activeAccount()]);
  });

  test("confirmTransaction and confirmSignature hand out each request once, in order", async ({
    walletPage,
    wallet,
  }) => {
    const driver: WalletDriver = wallet;
    const [account0] = await walletPage.call<Address[]>("eth_requestAccounts");
    const first = await walletPage.call<Hash>("eth_sendTransaction", [
      { from: account0, to: RECIPIENT, value: "0x1" },
    ]);
    const second = await walletPage.call<Hash>("eth_sendTransaction", [
      { from: account0, to: RECIPIENT, value: "0x2" },
    ]);
    expect((await driver.confirmTransaction()).hash).toBe(first);
    expect((await driver.confirmTransaction()).hash).toBe(second);
    expect((await driver.sentTransactions()).map((tx) => tx.nonce)).toEqual([0, 1]);
    await expect(driver.confirmTransaction({ timeoutMs: 100 })).rejects.toThrow(
      /Timed out waiting for the app to send a transaction/,
    );

    const signature = await walletPage.call<`0x${string}`>("personal_sign", [toHex("hello"), account0]);
    expect((await driver.confirmSignature()).signature).toBe(signature);
  });

  test("holdNext keeps a transaction pending until the test approves it", async ({
    walletPage,
    wallet,
    chain,
  }) => {
    const [account0] = await walletPage.call<Address[]>("eth_requestAccounts");
    const held = await wallet.holdNext("eth_sendTransaction");
    const pending = await walletPage.requestInBackground("eth_sendTransaction", [
      { from: account0, to: RECIPIENT, value: "0x3" },
    ]);

    expect((await held.request()).method).toBe("eth_sendTransaction");
    expect(await pending.settled()).toBeNull();
    expect(await wallet.sentTransactions()).toEqual([]);
    expect(await chain.rpc("eth_getTransactionCount", [account0, "pending"])).toBe("0x0");

    await held.approve();
    const outcome = await pending.outcome();
    expect(outcome.ok).toBe(true);
    expect((await wallet.confirmTransaction()).hash).toBe(outcome.ok ? outcome.result : undefined);
  });

  test("holdNext can end in a rejection", async ({ walletPage, wallet }) => {
    const held = await wallet.holdNext();
    const pending = await walletPage.requestInBackground("eth_requestAccounts");
    await held.request();
    expect(await pending.settled()).toBeNull();
    await held.reject();
    expect(await pending.outcome()).toEqual({
      ok: false,
      error: { code: 4001, message: "User rejected the request." },
    });
    expect(await walletPage.call("eth_accounts")).toEqual([]);
  });
});
