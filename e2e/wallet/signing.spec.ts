import { recoverMessageAddress, toHex, verifyTypedData } from "viem";
import { expect, test } from "./testing/fixtures";

const typedData = {
  domain: {
    name: "POO Finance",
    version: "1",
    chainId: 31_337,
    verifyingContract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  },
  types: {
    Stake: [
      { name: "staker", type: "address" },
      { name: "amount", type: "uint256" },
      { name: "memo", type: "string" },
    ],
  },
  primaryType: "Stake",
  message: {
    staker: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amount: 123_000_000_000_000_000_000n,
    memo: "hold the line",
  },
} as const;

/** What an app sends: JSON with EIP712Domain listed and bigints as decimal strings (viem's format). */
function typedDataJson(
  data: { domain: object; types: object; primaryType: string; message: object } = typedData,
): string {
  return JSON.stringify(
    {
      ...data,
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        ...data.types,
      },
    },
    (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value),
  );
}

test.describe("signing", () => {
  test("personal_sign is signed by the active account", async ({ walletPage, wallet }) => {
    const [account0] = await walletPage.call<`0x${string}`[]>("eth_requestAccounts");
    const message = "Sign in to POO Finance\nNonce: 42";
    const signature = await walletPage.call<`0x${string}`>("personal_sign", [toHex(message), account0]);
    expect(await recoverMessageAddress({ message, signature })).toBe(account0);

    const account4 = await wallet.switchAccount(4);
    const second = await walletPage.call<`0x${string}`>("personal_sign", [toHex(message), account4]);
    expect(await recoverMessageAddress({ message, signature: second })).toBe(account4);
    expect(await wallet.confirmSignature()).toMatchObject({
      method: "personal_sign",
      address: account0,
      signature,
    });
  });

  test("eth_signTypedData_v4 produces a signature that verifies for the active account", async ({
    walletPage,
  }) => {
    const [account0] = await walletPage.call<`0x${string}`[]>("eth_requestAccounts");
    const signature = await walletPage.call<`0x${string}`>("eth_signTypedData_v4", [
      account0,
      typedDataJson(),
    ]);
    expect(await verifyTypedData({ ...typedData, address: account0!, signature })).toBe(true);
    expect(
      await verifyTypedData({
        ...typedData,
        message: { ...typedData.message, amount: 1n },
        address: account0!,
        signature,
      }),
    ).toBe(false);
  });

  test("typed data for another chain than the wallet's is refused", async ({ walletPage }) => {
    const [account0] = await walletPage.call<`0x${string}`[]>("eth_requestAccounts");
    const otherChain = { ...typedData, domain: { ...typedData.domain, chainId: 1 } };
    const error = await walletPage.callExpectingError("eth_signTypedData_v4", [
      account0,
      typedDataJson(otherChain),
    ]);
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('must match the active chainId "31337"');
  });

  test("signing needs a connection and the active account", async ({ walletPage, wallet }) => {
    const [account0, account1] = await wallet.accounts();
    expect((await walletPage.callExpectingError("personal_sign", [toHex("hi"), account0])).code).toBe(4100);
    await walletPage.call("eth_requestAccounts");
    expect((await walletPage.callExpectingError("personal_sign", [toHex("hi"), account1])).code).toBe(4100);
    expect(
      (await walletPage.callExpectingError("eth_signTypedData_v4", [account1, typedDataJson()])).code,
    ).toBe(4100);
    expect(wallet.controller.signatures()).toEqual([]);
  });

  test("a rejected signature request fails with 4001 and signs nothing", async ({ walletPage, wallet }) => {
    const [account0] = await walletPage.call<`0x${string}`[]>("eth_requestAccounts");
    await wallet.rejectNext("personal_sign");
    expect(await walletPage.callExpectingError("personal_sign", [toHex("hi"), account0])).toEqual({
      code: 4001,
      message: "User rejected the request.",
    });
    expect(wallet.controller.signatures()).toEqual([]);
  });

  test("signing methods it does not support never reach the node (which would sign for its unlocked accounts)", async ({
    walletPage,
  }) => {
    const [account0] = await walletPage.call<`0x${string}`[]>("eth_requestAccounts");
    const hash = `0x${"ab".repeat(32)}`;
    expect((await walletPage.callExpectingError("eth_sign", [account0, hash])).code).toBe(4200);
    expect(
      (await walletPage.callExpectingError("eth_signTypedData_v3", [account0, typedDataJson()])).code,
    ).toBe(4200);
    expect((await walletPage.callExpectingError("personal_unlockAccount", [account0, ""])).code).toBe(4200);
  });
});
