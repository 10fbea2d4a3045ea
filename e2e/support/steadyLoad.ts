/** Between one client's requests: the load's pace, not a wait for anything. */
const PACE_MS = 50;

/** What a steady load saw: every answer it got, and those that failed a user. */
export interface LoadResult {
  readonly requests: number;
  /** "<status> <path>" of each 5xx, "no answer <path>: <error>" of each request that got none. */
  readonly failed: readonly string[];
}

/**
 * `clients` clients, each sending GET requests to `baseUrl` one after another over the paths, 50 ms
 * apart, until stopped: what a few visitors browsing the site do (at most about 80 requests a second).
 * A failure is a 5xx or no answer at all (a refused or reset connection, or none within 10 s).
 */
export function steadyLoad(baseUrl: string, paths: readonly string[], clients = 4) {
  let running = true;
  let requests = 0;
  const failed: string[] = [];
  const client = async (offset: number) => {
    for (let i = offset; running; i++) {
      const path = paths[i % paths.length]!;
      try {
        const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.status >= 500) failed.push(`${response.status} ${path}`);
      } catch (error) {
        failed.push(`no answer ${path}: ${String(error)}`);
      }
      requests++;
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return {
    get requests() {
      return requests;
    },
    async stop(): Promise<LoadResult> {
      running = false;
      await done;
      return { requests, failed };
    },
  };
}
