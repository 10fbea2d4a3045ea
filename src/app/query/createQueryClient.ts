import { QueryClient, type Query } from "@tanstack/react-query";
import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";
import { isRestorableQuery } from "./restorableQuery";
import { fromTaggedJson, toTaggedJson } from "./taggedJson";

/** Section 9 of the spec: unused data kept 5 minutes, retry back-off capped at 30 s (24 h: persistMaxAge). */
export const GC_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRY_DELAY_MS = 30 * 1000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: GC_TIME_MS, retryDelay, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/** Only our own successful queries that opt in (meta.persist) are written to storage. */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.status === "success" && query.meta?.persist === true;
}

/**
 * The persisted client with only the queries whose data has the shape the app reads now; undefined
 * when the stored value is not a persisted client at all.
 */
function restorable(stored: unknown): PersistedClient | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const client = stored as Partial<PersistedClient>;
  const queries = client.clientState?.queries;
  if (typeof client.timestamp !== "number" || !Array.isArray(queries)) return undefined;
  return {
    ...(client as PersistedClient),
    clientState: {
      mutations: [],
      queries: queries.filter(
        (query) =>
          typeof query === "object" &&
          query !== null &&
          typeof query.queryHash === "string" &&
          isRestorableQuery(query.queryKey, query.state?.data),
      ),
    },
  };
}

/**
 * The query cache in browser storage. Amounts are bigint and prices carry a Date, which JSON cannot
 * hold: tagged JSON keeps both exact. Writes are throttled; unreadable or full storage is ignored.
 * What comes back is checked: corrupt JSON gives nothing, a query of another shape is dropped.
 */
export function createQueryPersister(
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">,
  prefix: string,
  throttleMs = 1000,
): Persister {
  const key = `${prefix}:query-cache`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  return {
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(() => {
        timer = undefined;
        try {
          storage.setItem(key, toTaggedJson(latest));
        } catch {
          // Quota exceeded or storage disabled: the cache is a convenience.
        }
      }, throttleMs);
    },
    restoreClient() {
      try {
        const raw = storage.getItem(key);
        return raw === null ? undefined : restorable(fromTaggedJson<unknown>(raw));
      } catch {
        return undefined;
      }
    },
    removeClient() {
      storage.removeItem(key);
    },
  };
}
