import { createConfig, createConnector, http, reconnect, type Config } from "@wagmi/core";
import { hardhat } from "viem/chains";
import { describe, expect, it, vi } from "vitest";
import { reconnectStoredWallets } from "./reconnectStoredWallets";

const ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

/** A wallet whose provider request is a spy; `authorized` says whether it reconnects. */
function wallet(id: string, authorized: boolean) {
  const getProvider = vi.fn(async () => ({ id }));
  const fn = createConnector(() => ({
    id,
    name: id,
    type: "test",
    getProvider,
    isAuthorized: async () => authorized,
    connect: async () => ({ accounts: [ACCOUNT], chainId: hardhat.id }) as never,
    disconnect: async () => undefined,
    getAccounts: async () => [ACCOUNT],
    getChainId: async () => hardhat.id,
    onAccountsChanged: () => undefined,
    onChainChanged: () => undefined,
    onDisconnect: () => undefined,
  }));
  return { fn, getProvider };
}

function setUp(): { config: Config; stored: ReturnType<typeof wallet>; sdk: ReturnType<typeof wallet> } {
  const stored = wallet("stored", true);
  const sdk = wallet("coinbaseWalletSDK", false);
  const config = createConfig({
    chains: [hardhat],
    connectors: [sdk.fn, stored.fn],
    transports: { [hardhat.id]: http("http://127.0.0.1:1") },
    storage: null,
  });
  return { config, stored, sdk };
}

describe("reconnectStoredWallets", () => {
  it("reconnects the stored wallet only; the reconnect WagmiProvider starts on mount then asks no other wallet", async () => {
    const { config, stored, sdk } = setUp();
    expect(reconnectStoredWallets(config, ["stored"])).toBe(true);
    // What WagmiProvider does on mount (reconnectOnMount): it finds a reconnect under way.
    await expect(reconnect(config)).resolves.toEqual([]);
    await vi.waitFor(() => expect(config.state.status).toBe("connected"));
    expect(stored.getProvider).toHaveBeenCalled();
    expect(sdk.getProvider).not.toHaveBeenCalled();
  });

  it("starts nothing when no listed wallet has a stored id, or nothing was read: wagmi then tries them all", async () => {
    const { config, stored, sdk } = setUp();
    expect(reconnectStoredWallets(config, ["io.metamask"])).toBe(false);
    expect(reconnectStoredWallets(config, undefined)).toBe(false);
    expect(stored.getProvider).not.toHaveBeenCalled();
    // wagmi's own reconnect asks every wallet, the SDK's included (what the first test avoids).
    await reconnect(config);
    expect(sdk.getProvider).toHaveBeenCalled();
    expect(config.state.status).toBe("connected");
  });
});
