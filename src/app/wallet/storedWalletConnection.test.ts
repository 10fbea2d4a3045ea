import { describe, expect, it } from "vitest";
import {
  hasStoredWalletConnection,
  storedConnectorIds,
  WAGMI_STORE_KEY,
  walletStackRanBefore,
  wasConnectedThrough,
} from "./storedWalletConnection";

function storageWith(value: string | null): Pick<Storage, "getItem"> {
  return { getItem: (key) => (key === WAGMI_STORE_KEY ? value : null) };
}

/** wagmi's persisted store with these connections (uid, connector id) and `current` (a uid, or null). */
function wagmiStore(connections: [uid: string, connectorId: string][], current: string | null): string {
  return JSON.stringify({
    state: {
      connections: {
        __type: "Map",
        value: connections.map(([uid, id], index) => [
          uid,
          { accounts: [`0x${index + 1}`], chainId: 31337, connector: { id, uid } },
        ]),
      },
      chainId: 31337,
      current,
    },
    version: 2,
  });
}

const connected = wagmiStore([["abc", "localTestWallet"]], "abc");
const disconnected = wagmiStore([], null);

describe("hasStoredWalletConnection", () => {
  it("is false for a first visit (nothing stored) and after a disconnect (no current connection)", () => {
    expect(hasStoredWalletConnection(storageWith(null))).toBe(false);
    expect(hasStoredWalletConnection(storageWith(disconnected))).toBe(false);
  });

  it("is true when wagmi persisted a current connection", () => {
    expect(hasStoredWalletConnection(storageWith(connected))).toBe(true);
  });

  it("errs towards reconnecting when the stored value or the storage cannot be read", () => {
    expect(hasStoredWalletConnection(storageWith("{not json"))).toBe(true);
    expect(hasStoredWalletConnection(storageWith(JSON.stringify({ version: 2 })))).toBe(true);
    const throwing = {
      getItem: (): string | null => {
        throw new Error("SecurityError");
      },
    };
    expect(hasStoredWalletConnection(throwing)).toBe(true);
  });
});

describe("storedConnectorIds", () => {
  it("lists the stored connections' wallets, the current one first; nothing without a current connection", () => {
    const two = wagmiStore(
      [
        ["u1", "io.metamask"],
        ["u2", "walletConnect"],
      ],
      "u2",
    );
    expect(storedConnectorIds(storageWith(two))).toEqual(["walletConnect", "io.metamask"]);
    expect(storedConnectorIds(storageWith(connected))).toEqual(["localTestWallet"]);
    expect(storedConnectorIds(storageWith(disconnected))).toBeUndefined();
    expect(storedConnectorIds(storageWith(null))).toBeUndefined();
    expect(storedConnectorIds(storageWith("{not json"))).toBeUndefined();
  });
});

describe("wasConnectedThrough", () => {
  it("names the connector of the stored current connection, and nothing else", () => {
    expect(wasConnectedThrough("localTestWallet", storageWith(connected))).toBe(true);
    expect(wasConnectedThrough("injected", storageWith(connected))).toBe(false);
    expect(wasConnectedThrough("localTestWallet", storageWith(disconnected))).toBe(false);
    expect(wasConnectedThrough("localTestWallet", storageWith(null))).toBe(false);
    expect(wasConnectedThrough("localTestWallet", storageWith("{not json"))).toBe(false);
  });
});

describe("walletStackRanBefore", () => {
  it("is false for a first visit and true once wagmi stored anything, connected or not", () => {
    expect(walletStackRanBefore(storageWith(null))).toBe(false);
    expect(walletStackRanBefore(storageWith(disconnected))).toBe(true);
    expect(walletStackRanBefore(storageWith(connected))).toBe(true);
  });

  it("is false when the storage cannot be read (a warm-up is only an optimisation)", () => {
    const throwing = {
      getItem: (): string | null => {
        throw new Error("SecurityError");
      },
    };
    expect(walletStackRanBefore(throwing)).toBe(false);
    expect(walletStackRanBefore(undefined)).toBe(false);
  });
});
