import type { Wallet } from "@rainbow-me/rainbowkit";
import type { Address } from "viem";
import { createConnector } from "wagmi";
import { mock } from "wagmi/connectors";
import { wasConnectedThrough } from "./storedWalletConnection";

export const LOCAL_TEST_WALLET_ID = "localTestWallet";

/** The first five Hardhat accounts; the local node holds their keys and signs for them. */
export const HARDHAT_ACCOUNTS: readonly Address[] = [
  "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
];

const icon =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#1f8a4c"/><path d="M8 10h12v10H8z" fill="none" stroke="#fff" stroke-width="2"/><circle cx="17" cy="15" r="1.6" fill="#fff"/></svg>',
  );

/**
 * "Local test wallet": wagmi's mock connector over the local node's unlocked accounts, so a newcomer
 * without a browser wallet can connect and transact on the local chain. Listed on the local chain only.
 */
export function localTestWallet(): Wallet {
  return {
    id: LOCAL_TEST_WALLET_ID,
    name: "Local test wallet",
    shortName: "Test wallet",
    iconUrl: icon,
    iconBackground: "#1f8a4c",
    installed: true,
    createConnector: (walletDetails) =>
      createConnector((config) => ({
        ...mock({
          accounts: [...HARDHAT_ACCOUNTS] as [Address, ...Address[]],
          // wagmi's mock forgets its connection on reload; reconnect it when it was the wallet in use.
          features: { reconnect: true, defaultConnected: wasConnectedThrough(LOCAL_TEST_WALLET_ID) },
        })(config),
        ...walletDetails,
      })),
  };
}
