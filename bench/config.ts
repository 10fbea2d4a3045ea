import path from "node:path";
import { fileURLToPath } from "node:url";
import { nginxBinary } from "../scripts/lib/nginx/nginxBinary";

/** The repository root (bench/ -> ..). */
export const ROOT_DIR: string = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH_DIR: string = path.join(ROOT_DIR, "bench");
export const BARE_APP_DIR: string = path.join(BENCH_DIR, "bare-app");
export const RESULTS_DIR: string = path.join(BENCH_DIR, "results");

/** Every server and browser port the benchmark opens (the project's range for it is 9100-9199). */
export const PORTS = {
  /** The stack's Hardhat chain. */
  chain: 9145,
  /** The counting proxy in front of the chain (test/integration/localChain.ts). */
  countingProxy: 9146,
  /** The stack's API server. */
  api: 9187,
  /** The stack's local explorer (transaction pages; the app's "here" links on the local chain). */
  explorer: 9147,
  /** Our production build, RPC straight to the chain: start-up JS, Lighthouse, stake latency. */
  web: 9173,
  /** The bare app (injected wallet only): the baseline. */
  bare: 9174,
  /** Our production build with its RPC pointed at the counting proxy: JSON-RPC counts, gas. */
  webCounting: 9175,
  /** The bare app built with RainbowKit's getDefaultConfig: second baseline, start-up JS only. */
  bareDefault: 9176,
  /** Chrome's remote-debugging port for Lighthouse (one Chrome at a time). */
  lighthouseChrome: 9150,
  /** Phase sepolia: the Sepolia look-alike's chain (chain id 11155111, a block every 12 s). */
  sepoliaChain: 9245,
  /** Phase sepolia: the counting proxy the Sepolia build's fallback RPC points at (its primary is a closed port). */
  sepoliaProxy: 9246,
  /** Phase sepolia: the API server of the Sepolia look-alike. */
  sepoliaApi: 9247,
  /** Phase sepolia: the app built for Sepolia (VITE_CHAINS=sepolia), vite preview. */
  sepoliaWeb: 9248,
  /** Phase sepolia: the remote-debugging port of the Chromium the phase starts itself (background tab). */
  sepoliaChrome: 9249,
  /** Phase serve: the built server (`npm run serve`), the site and the API. */
  serve: 9180,
  /** Phase serve: nginx serving the same dist/ (and proxying /api to the served app). */
  serveNginx: 9181,
  /** Phase rpc-gateway: its chain (a block every GATEWAY_BLOCK_TIME_MS). */
  gatewayChain: 9270,
  /** Phase rpc-gateway: the counting proxy that is the chain's provider. */
  gatewayProxy: 9271,
  /** Phase rpc-gateway: the API whose gateway the tabs read through. */
  gatewayApi: 9272,
} as const;

export const CHROMIUM_PATH = "/usr/bin/chromium";
/** The project's flags for headless Chromium on these machines (see shared/toolchain.md). */
export const CHROME_FLAGS: readonly string[] = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const positiveInt = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Median of this many Lighthouse runs per page and preset (BENCH_LIGHTHOUSE_RUNS to try things quickly). */
export const LIGHTHOUSE_RUNS = positiveInt("BENCH_LIGHTHOUSE_RUNS", 3);
/** Phase connect-modal: rounds (ours and bare, each cold then warm); BENCH_MODAL_RUNS. */
export const MODAL_RUNS = positiveInt("BENCH_MODAL_RUNS", 5);
/** Median of this many stakes of each kind (BENCH_LATENCY_RUNS). */
export const LATENCY_RUNS = positiveInt("BENCH_LATENCY_RUNS", 5);
/** Phase serve: seconds of load per route and server (BENCH_SERVE_SECONDS). */
export const SERVE_SECONDS = positiveInt("BENCH_SERVE_SECONDS", 8);
/** Phase serve: concurrent keep-alive connections of the load generator (BENCH_SERVE_CONNECTIONS). */
export const SERVE_CONNECTIONS = positiveInt("BENCH_SERVE_CONNECTIONS", 10);
/** Phase serve: Debian's nginx unless NGINX_PATH names another binary. */
export const NGINX_PATH = nginxBinary();

export const PHASES = [
  "startup-js",
  "lighthouse",
  "connect-modal",
  "json-rpc",
  "stake-latency",
  "sepolia",
  "serve",
  "rpc-gateway",
  "activity",
] as const;
export type Phase = (typeof PHASES)[number];
/** BENCH_PHASES=startup-js,json-rpc runs only those (default: all). */
export const SELECTED_PHASES: ReadonlySet<Phase> = new Set(
  process.env.BENCH_PHASES
    ? PHASES.filter((p) =>
        (process.env.BENCH_PHASES ?? "")
          .split(",")
          .map((s) => s.trim())
          .includes(p),
      )
    : PHASES,
);
/** Phase rpc-gateway: the chain's block time (BENCH_GATEWAY_BLOCK_S, whole seconds). */
export const GATEWAY_BLOCK_TIME_MS = positiveInt("BENCH_GATEWAY_BLOCK_S", 4) * 1000;
/** Phase rpc-gateway: blocks measured per scenario (BENCH_GATEWAY_BLOCKS). */
export const GATEWAY_MEASURED_BLOCKS = positiveInt("BENCH_GATEWAY_BLOCKS", 6);
/** Phase rpc-gateway: the numbers of open tabs (BENCH_GATEWAY_TABS, comma-separated). */
export const GATEWAY_TABS: readonly number[] = (process.env.BENCH_GATEWAY_TABS ?? "1,100,1000")
  .split(",")
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
/** Phase activity: blocks between the stake and the page's load (BENCH_ACTIVITY_BLOCKS). */
export const ACTIVITY_BLOCKS = positiveInt("BENCH_ACTIVITY_BLOCKS", 1_000_001);
/** Phase sepolia: the look-alike's block time (Sepolia's). */
export const SEPOLIA_BLOCK_TIME_MS = 12_000;
/** Phase sepolia: each idle window (tab visible, then hidden); BENCH_SEPOLIA_IDLE_S to shorten. */
export const SEPOLIA_IDLE_MS = positiveInt("BENCH_SEPOLIA_IDLE_S", 60) * 1000;
/** Idle time observed to compute the polling rate of a connected page. */
export const POLL_WINDOW_MS = 30_000;
/** "Quiet" = no JSON-RPC message for this long. */
export const QUIET_MS = 1_000;
/** Start-up JS is summed until no request has been in flight for this long after `load`. */
export const NETWORK_IDLE_MS = 1_000;

export const TARGETS = {
  /** Start-up JS of / (gzip) at most this share of the bare app's. */
  startupJsVsBare: 0.7,
  /** Lighthouse CLS (median per page and preset) below this: no layout shift. */
  maxCls: 0.01,
  /** Warm cache, mobile throttling: Connect Wallet click → the wallet modal on screen, median. */
  warmModalAfterClickMs: 1_000,
  lighthouseMobile: 95,
  lighthouseDesktop: 100,
  /** JSON-RPC messages reading the account snapshot during a connected page load. */
  snapshotRequestsOnLoad: 1,
  /** Stake without approval, Enter click to Success dialog, median. */
  stakeNoApprovalMs: 1_000,
  /** 12-s blocks: Enter → Success at most this much after the block holding the flow's last transaction (median of runs). */
  sepoliaStakeOverLimitMs: 1_000,
  /** 12-s blocks, connected and idle, tab visible: JSON-RPC messages per minute (one snapshot per block). */
  sepoliaIdlePerMinute: 5,
  /** 12-s blocks, tab hidden: JSON-RPC messages in the window. */
  sepoliaHiddenMessages: 0,
  /** Phase rpc-gateway: the most tabs on one account, through the gateway: provider messages per block (one read, the head at most twice). */
  gatewayMessagesPerBlock: 3,
  /** npm run serve's rps for index.html (browser Accept-Encoding) at least this share of nginx's: a guard set from the first runs (23%, 2026-11-26), not a goal. */
  serveIndexVsNginx: 0.2,
} as const;

/** The stake page's accessible names (see bench/README.md: the benchmark depends on them). */
export const NAMES = {
  connectButton: "Connect Wallet",
  localWallet: "Local test wallet",
  /** The injected test wallet (e2e/wallet), used by phase sepolia: the Sepolia build has no "Local test wallet". */
  injectedWallet: "POO Test Wallet",
  stakeButton: "Stake",
  stakeDialog: "Stake",
  quantityLabel: "Quantity of $POO you would like to stake",
  enterButton: "Enter",
  successDialog: "Success",
  stakeSuccess: "Stake successful",
  unstakeSuccess: "Unstake successful",
  unstakeButton: "Unstake",
  dismissButton: "Dismiss",
} as const;
