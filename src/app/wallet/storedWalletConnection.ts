/** Where wagmi persists its connections (its default storage: localStorage, key prefix "wagmi"). */
export const WAGMI_STORE_KEY = "wagmi.store";

type StorageReader = Pick<Storage, "getItem"> | undefined;

/** wagmi's persisted store as stored: null when nothing is stored, undefined when storage throws. */
function readStore(storage: StorageReader): string | null | undefined {
  try {
    return storage?.getItem(WAGMI_STORE_KEY) ?? null;
  } catch {
    return undefined;
  }
}

/**
 * What wagmi persisted about the connection of the last visit: "none" (first visit, or disconnected),
 * the connector id of the current connection, or "unreadable" (storage or shape not as expected).
 */
function storedConnection(
  storage: StorageReader,
): "none" | "unreadable" | { connectorId: string | undefined; connectorIds: string[] } {
  const raw = readStore(storage);
  if (raw === undefined) return "unreadable";
  if (raw === null) return "none";
  try {
    const state = (JSON.parse(raw) as { state?: unknown } | null)?.state as
      { current?: unknown; connections?: { value?: unknown } } | undefined;
    if (typeof state !== "object" || state === null) return "unreadable";
    const { current } = state;
    if (typeof current !== "string" || current === "") return "none";
    const entries = Array.isArray(state.connections?.value) ? (state.connections.value as unknown[]) : [];
    const idOf = (candidate: unknown): string | undefined => {
      if (!Array.isArray(candidate)) return undefined;
      const id = (candidate[1] as { connector?: { id?: unknown } } | undefined)?.connector?.id;
      return typeof id === "string" ? id : undefined;
    };
    const entry = entries.find((candidate) => Array.isArray(candidate) && candidate[0] === current);
    const connectorIds = entries.map(idOf).filter((id): id is string => id !== undefined);
    return { connectorId: idOf(entry), connectorIds };
  } catch {
    return "unreadable";
  }
}

/**
 * The connector ids of the connections wagmi persisted, the current one first; undefined when there
 * is no current connection or the stored value cannot be read.
 */
export function storedConnectorIds(storage: StorageReader = globalThis.localStorage): string[] | undefined {
  const stored = storedConnection(storage);
  if (typeof stored !== "object" || stored.connectorId === undefined) return undefined;
  return [stored.connectorId, ...stored.connectorIds.filter((id) => id !== stored.connectorId)];
}

/**
 * Whether wagmi left a connection from an earlier visit (its persisted store names a current
 * connection): then the wallet stack must load at start-up to reconnect it. Unreadable storage or
 * an unexpected shape answers true, so a returning user is never left disconnected by mistake.
 */
export function hasStoredWalletConnection(storage: StorageReader = globalThis.localStorage): boolean {
  return storedConnection(storage) !== "none";
}

/** Whether the last visit ended connected through the connector `connectorId`. */
export function wasConnectedThrough(
  connectorId: string,
  storage: StorageReader = globalThis.localStorage,
): boolean {
  const stored = storedConnection(storage);
  return typeof stored === "object" && stored.connectorId === connectorId;
}

/**
 * Whether the wallet stack ran in this browser on an earlier visit, connected or not (wagmi persists
 * its store as soon as it starts). Unreadable storage answers false: this only decides a warm-up.
 */
export function walletStackRanBefore(storage: StorageReader = globalThis.localStorage): boolean {
  return typeof readStore(storage) === "string";
}
