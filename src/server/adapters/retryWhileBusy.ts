/** SQLITE_BUSY and SQLITE_LOCKED, whatever their extended code (e.g. SQLITE_BUSY_SNAPSHOT). */
function isBusy(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return code === "ERR_SQLITE_ERROR" && typeof errcode === "number" && [5, 6].includes(errcode & 0xff);
}

export type BusyRetry = {
  /** How long one call may keep retrying before its SQLITE_BUSY error is thrown (503 upstream). */
  timeoutMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The store with every method retried while SQLite answers "database is locked" (another process,
 * e.g. a backup or `npm run launch:recheck`, holds the write lock), for at most timeoutMs. node:sqlite
 * is synchronous: its own busy_timeout would sleep in the event loop's thread and freeze every
 * request, /api/health included; the connection's busy_timeout is 0 instead, and the waiting happens
 * here, between attempts (2 ms doubling to 100 ms), while other requests run. A store's method does
 * its statements synchronously, a transaction in one go, and a locked attempt changes nothing, so it
 * is safe to call it again.
 */
export function retryWhileBusy<T extends object>(store: T, retry: BusyRetry): T {
  const now = retry.now ?? (() => performance.now());
  const sleep = retry.sleep ?? sleepFor;
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const started = now();
        for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
          try {
            return await (value as (...params: unknown[]) => unknown).apply(target, args);
          } catch (error) {
            const left = retry.timeoutMs - (now() - started);
            if (!isBusy(error) || left <= 0) throw error;
            await sleep(Math.min(pause, left));
          }
        }
      };
    },
  });
}
