import { reconnect, type Config } from "@wagmi/core";

/**
 * Starts wagmi's reconnect with only the wallets of the stored connections (`storedIds`), before
 * `WagmiProvider` mounts. Its own reconnect on mount then finds one under way and returns at once (wagmi
 * runs one reconnect at a time), instead of asking every listed wallet for its provider: Coinbase
 * Wallet's answer downloads and starts its SDK, on every visit of a visitor connected through another
 * wallet. Returns whether it started one; when no listed wallet has a stored id (or nothing could be
 * read), wagmi's reconnect on mount tries every wallet, as it always did.
 */
export function reconnectStoredWallets(config: Config, storedIds: readonly string[] | undefined): boolean {
  if (!storedIds) return false;
  const connectors = config.connectors.filter((connector) => storedIds.includes(connector.id));
  if (connectors.length === 0) return false;
  reconnect(config, { connectors }).catch((error: unknown) => {
    console.error("The stored wallet connection could not be restored", error);
  });
  return true;
}
