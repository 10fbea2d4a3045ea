/** Ports of bench:api on 127.0.0.1 (the range given to it: 18700-18799). PostgreSQL takes a free one. */
export const API_BENCH_PORTS = {
  chain: 18745,
  /** Counts the JSON-RPC calls the API instances make. */
  countingProxy: 18746,
  /** nginx (deploy/nginx/poo-finance.conf) in front of the instances. */
  nginx: 18780,
  instances: [18781, 18782],
  /** The multi-host runs: nginx and each instance on a test host of its own (10.77.1.0/24). */
  multiHostNginx: 18783,
  multiHostInstance: 18784,
} as const;

/** The web app's origin the simulated browsers claim (the API allows it). */
export const SITE = "http://127.0.0.1:5173";
export const SITE_HOST = "127.0.0.1:5173";
export const SESSION_SECRET = "bench-api-session-secret-bench-api-session-secret";

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** Wallets per run (BENCH_API_WALLETS, default 1000) and wallets in flight at once (BENCH_API_CONCURRENCY). */
export const BENCH_SIZE = {
  wallets: positiveInt("BENCH_API_WALLETS", 1000),
  concurrency: positiveInt("BENCH_API_CONCURRENCY", 48),
};
