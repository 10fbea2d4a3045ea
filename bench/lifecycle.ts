/** What every benchmark script needs to stop all it started, whatever happens. */

const GLOBAL_TIMEOUT_MS = 30 * 60_000;
const STOP_TIMEOUT_MS = 15_000;

export const log = (scope: string, message: string): void => {
  const t = new Date().toISOString().slice(11, 19);
  console.log(`[${t}] ${scope}: ${message}`);
};

/** Everything started, stopped in reverse order, each stop bounded in time. */
export class Stoppers {
  private readonly list: { name: string; stop: () => Promise<void> }[] = [];
  private running: Promise<void> | undefined;

  add(name: string, stop: () => Promise<void>): void {
    this.list.push({ name, stop });
  }

  /** Stops everything registered so far (a second call waits for the first). */
  stopAll(): Promise<void> {
    this.running ??= (async () => {
      while (this.list.length > 0) {
        const next = this.list.pop();
        if (!next) break;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            log("stop", `${next.name}: no answer after ${STOP_TIMEOUT_MS / 1000} s, moving on`);
            resolve();
          }, STOP_TIMEOUT_MS);
        });
        await Promise.race([
          next.stop().catch((e: unknown) => log("stop", `${next.name}: ${String(e)}`)),
          timeout,
        ]);
        clearTimeout(timer);
        log("stop", `${next.name} stopped`);
      }
      this.running = undefined;
    })();
    return this.running;
  }
}

/** SIGINT, SIGTERM, a crash or a run past 30 minutes: stop everything, then exit. */
export function installAbortHandlers(stoppers: Stoppers, timeoutMs = GLOBAL_TIMEOUT_MS): void {
  const abort = (why: string, code: number): void => {
    log("bench", `${why}: stopping everything`);
    void stoppers.stopAll().finally(() => process.exit(code));
  };
  process.once("SIGINT", () => abort("SIGINT", 130));
  process.once("SIGTERM", () => abort("SIGTERM", 143));
  process.on("uncaughtException", (error) => abort(`uncaught exception: ${error.stack ?? String(error)}`, 1));
  process.on("unhandledRejection", (error) => abort(`unhandled rejection: ${String(error)}`, 1));
  const watchdog = setTimeout(() => abort(`still running after ${timeoutMs / 60_000} min`, 1), timeoutMs);
  watchdog.unref();
}
