import autocannon from "autocannon";
import { percentile } from "./stats";

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  /** Concurrent keep-alive connections, one request in flight on each (no pipelining). */
  connections: number;
  durationS: number;
}

export interface LoadFigures {
  /** Responses per second (autocannon's Req/Sec average over the run's seconds). */
  rps: number;
  /** Latency percentiles of every response in ms, sub-millisecond (autocannon's own are whole ms). */
  p50Ms: number | null;
  p99Ms: number | null;
  requests: number;
  /** Responses that were not 2xx, and connection errors or timeouts: either makes the figures suspect. */
  non2xx: number;
  errors: number;
  durationS: number;
}

/** One autocannon run, programmatic (no progress bar or table on the terminal). */
export function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const latenciesMs: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        pipelining: 1,
        duration: options.durationS,
      },
      (error: unknown, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        resolve({
          rps: result.requests.average,
          p50Ms: percentile(latenciesMs, 50),
          p99Ms: percentile(latenciesMs, 99),
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          durationS: result.duration,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTimeMs) => latenciesMs.push(responseTimeMs));
  });
}
