import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startServedApp } from "../scripts/lib/startServedApp";
import { startCmcStandIn } from "../src/server/testing/startCmcStandIn";
import { NGINX_PATH, PORTS, ROOT_DIR } from "./config";
import type { Stoppers } from "./lifecycle";
import { runLoad, type LoadFigures } from "./loadRun";
import { startNginx } from "./nginxServer";
import { documentScripts } from "./startupJs";
import { ratio } from "./stats";

/** What Chromium sends: the served app answers brotli, Debian's nginx (no brotli module) gzip. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const WARMUP_S = 1;

export interface ServerFigures extends LoadFigures {
  /** One request before the load: its status, Content-Encoding ("identity" when none) and body size. */
  status: number;
  encoding: string;
  bodyBytes: number;
}

export interface ServeRow {
  path: string;
  /** What the path is: "index.html", "start-up script", "price API". */
  what: string;
  acceptEncoding: string;
  /** nginx serves the file itself, or passes the request to the same served app. */
  nginxRole: "static" | "proxy to serve";
  serve: ServerFigures;
  nginx: ServerFigures;
  /** serve rps / nginx rps. */
  rpsRatio: number | null;
  /** Which server took the load first (the order alternates from row to row). */
  first: "serve" | "nginx";
}

export interface ServeResults {
  connections: number;
  durationS: number;
  warmupS: number;
  nginx: string;
  /** How the served app ran: its environment (secrets left out) and its log lines during the phase. */
  servedApp: { nodeEnv: string; logLevel: string; logLines: number };
  /** The phase's own production build of the app (ms). */
  siteBuildMs: number;
  rows: ServeRow[];
}

export interface MeasureServeOptions {
  stoppers: Stoppers;
  workDir: string;
  /** The local chain when it runs (its RPC for the served app's readiness), else a closed port. */
  chainUrl: string | undefined;
  connections: number;
  durationS: number;
  log: (message: string) => void;
}

/** Status, Content-Encoding and body size of one GET on a fresh connection. */
function probe(
  url: string,
  headers: Record<string, string>,
): Promise<Omit<ServerFigures, keyof LoadFigures>> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (response) => {
      let bodyBytes = 0;
      response.on("data", (chunk: Buffer) => (bodyBytes += chunk.length));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers["content-encoding"] ?? "identity",
          bodyBytes,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Phase serve: requests per second and p50/p99 latency of index.html, the start-up script and
 * /api/price/poo from `npm run serve` (the compiled server in production, as startServedApp runs it),
 * beside nginx serving the same dist/, route by route with the same connections and duration.
 */
export async function measureServe(options: MeasureServeOptions): Promise<ServeResults> {
  const { stoppers, log } = options;
  // Inside the repository, as dist/ is: the compiled server beside it (<site>-server) imports its
  // packages from the repository's node_modules. Both folders are git-ignored (dist-*/).
  const siteDir = path.join(ROOT_DIR, "dist-bench-serve");
  stoppers.add("serve phase: its build", async () => {
    for (const dir of [siteDir, `${siteDir}-server`]) rmSync(dir, { recursive: true, force: true });
  });
  process.env.VITE_CHAINS = "local";
  process.env.VITE_LOCAL_RPC_URL = options.chainUrl ?? `http://127.0.0.1:${PORTS.chain}`;
  const vite = await import("vite");
  const started = performance.now();
  await vite.build({
    root: ROOT_DIR,
    logLevel: "error",
    build: { outDir: siteDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const siteBuildMs = Math.round(performance.now() - started);
  log(`site built in ${(siteBuildMs / 1000).toFixed(1)} s`);
  const indexFile = path.join(siteDir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: the site was not built`);
  const entry = [...documentScripts(readFileSync(indexFile, "utf8"), "http://site.invalid/")].find((file) =>
    file.startsWith("/assets/"),
  );
  if (!entry) throw new Error(`${indexFile} names no script under /assets/`);

  // CoinMarketCap on this machine: the price is fetched once, then served from the API's cache.
  const cmc = await startCmcStandIn();
  stoppers.add("serve phase: CoinMarketCap stand-in", () => cmc.close());

  // Production, with the allowances of a test deployment on one machine (loopback origins, chain
  // 31337); every request logged at info as in production. Only other lines reach the bench's log.
  const logLevel = "info";
  let logLines = 0;
  let forwarded = 0;
  const served = await startServedApp({
    rootDir: ROOT_DIR,
    siteDir,
    port: PORTS.serve,
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: logLevel,
      ALLOW_LOCAL_CHAIN: "true",
      SIWE_ALLOWED_ORIGINS: [PORTS.serve, PORTS.serveNginx]
        .map((port) => `http://127.0.0.1:${port}`)
        .join(","),
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      CHAIN_RPC_URL_31337: options.chainUrl ?? `http://127.0.0.1:${PORTS.chain}`,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      CMC_API_KEY: "bench-stand-in-key",
      CMC_API_URL: cmc.url,
      TRUSTED_PROXIES: "127.0.0.1",
      DATABASE_PATH: path.join(options.workDir, "serve-phase.sqlite"),
    },
    log: (line) => {
      logLines++;
      if (line.includes('"level":"info"') || forwarded >= 20) return;
      forwarded++;
      log(line);
    },
  });
  stoppers.add("serve phase: npm run serve", () => served.stop());
  const nginx = await startNginx({
    binary: NGINX_PATH,
    prefixDir: path.join(options.workDir, "serve-nginx"),
    siteDir,
    port: PORTS.serveNginx,
    apiPort: PORTS.serve,
  });
  stoppers.add("serve phase: nginx", () => nginx.stop());
  log(`npm run serve on ${served.url}, ${nginx.version} on ${nginx.url}`);

  const routes: Omit<ServeRow, "serve" | "nginx" | "rpsRatio" | "first">[] = [
    { path: "/", what: "index.html", acceptEncoding: BROWSER_ACCEPT_ENCODING, nginxRole: "static" },
    { path: "/", what: "index.html", acceptEncoding: "gzip", nginxRole: "static" },
    { path: entry, what: "start-up script", acceptEncoding: BROWSER_ACCEPT_ENCODING, nginxRole: "static" },
    { path: entry, what: "start-up script", acceptEncoding: "gzip", nginxRole: "static" },
    {
      path: "/api/price/poo",
      what: "price API",
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
      nginxRole: "proxy to serve",
    },
  ];
  const rows: ServeRow[] = [];
  try {
    for (const [index, route] of routes.entries()) {
      const headers = { "accept-encoding": route.acceptEncoding };
      const measure = async (origin: string): Promise<ServerFigures> => {
        const url = `${origin}${route.path}`;
        const answer = await probe(url, headers);
        if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}, not 200`);
        await runLoad({ url, headers, connections: options.connections, durationS: WARMUP_S });
        const figures = await runLoad({
          url,
          headers,
          connections: options.connections,
          durationS: options.durationS,
        });
        return { ...answer, ...figures };
      };
      // The order alternates so that a drift in the machine's load does not always favour one.
      const first = index % 2 === 0 ? "serve" : "nginx";
      const a = await measure(first === "serve" ? served.url : nginx.url);
      const b = await measure(first === "serve" ? nginx.url : served.url);
      const [serve, viaNginx] = first === "serve" ? [a, b] : [b, a];
      rows.push({ ...route, serve, nginx: viaNginx, rpsRatio: ratio(serve.rps, viaNginx.rps), first });
      log(
        `${route.path} (${route.acceptEncoding}): serve ${Math.round(serve.rps)} rps (${serve.encoding}), nginx ${Math.round(viaNginx.rps)} rps (${viaNginx.encoding})`,
      );
    }
  } finally {
    await nginx.stop();
    await served.stop();
    await cmc.close();
  }
  return {
    connections: options.connections,
    durationS: options.durationS,
    warmupS: WARMUP_S,
    nginx: nginx.version,
    servedApp: { nodeEnv: "production", logLevel, logLines },
    siteBuildMs,
    rows,
  };
}
