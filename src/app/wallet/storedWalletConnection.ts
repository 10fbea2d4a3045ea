/** Where wagmi persists its connections (its default storage: localStorage, key prefix "wagmi"). */
export const WAGMI_STORE_KEY = "wagmi.store";

/**
 * Whether wagmi left a connection from an earlier visit (its persisted store names a current
 * connection): then the wallet stack must load at start-up to reconnect it. Unreadable storage or
 * an unexpected shape answers true, so a returning user is never left disconnected by mistake.
 */
export function hasStoredWalletConnection(
  storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage,
): boolean {
  let raw: string | null;
  try {
    raw = storage?.getItem(WAGMI_STORE_KEY) ?? null;
  } catch {
    return true;
  }
  if (raw === null) return false;
  try {
    const parsed: unknown = JSON.parse(raw);
    const state = (parsed as { state?: { current?: unknown } } | null)?.state;
    if (state === undefined || typeof state !== "object" || state === null) return true;
    return typeof state.current === "string" && state.current !== "";
  } catch {
    return true;
  }
}
