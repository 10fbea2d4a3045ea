import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startLocalStack } from "../scripts/lib/local-stack";
import { startCountingProxy, type CountingProxy } from "../test/integration/localChain";
import { PORTS } from "./config";
import { log, type Stoppers } from "./lifecycle";

export interface BenchStack {
  /** A temporary folder for the builds, removed at the end. */
  readonly workDir: string;
  readonly stack: Awaited<ReturnType<typeof startLocalStack>>;
  /** The counting proxy in front of the chain: the API's provider (the app's reads through its gateway). */
  readonly proxy: CountingProxy;
}

/**
 * What every benchmark starts from: a temporary build folder and the local chain (contracts,
 * Multicall3) with the API on the bench's ports, its gateway relaying to a counting proxy in front of
 * the chain, all registered to be stopped at the end. The web apps are built by the caller.
 */
export async function startBenchStack(stoppers: Stoppers, dirPrefix: string): Promise<BenchStack> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), dirPrefix));
  stoppers.add(`build dir ${workDir}`, async () => rmSync(workDir, { recursive: true, force: true }));
  // The API's registrations go to a throw-away database, not the one `npm start` uses (data/).
  process.env.DATABASE_PATH = path.join(workDir, "poo.sqlite");
  // The previews of both builds of the app post to the API's gateway from their own origins (set for
  // this stack only: a later phase's stack has its own).
  const savedOrigins = process.env.SIWE_ALLOWED_ORIGINS;
  process.env.SIWE_ALLOWED_ORIGINS = [PORTS.web, PORTS.webCounting]
    .map((port) => `http://127.0.0.1:${port}`)
    .join(",");
  const started: { proxy?: CountingProxy } = {};
  const stack = await startLocalStack({
    chainPort: PORTS.chain,
    apiPort: PORTS.api,
    webPort: PORTS.web,
    explorerPort: PORTS.explorer,
    web: "none",
    providerRpcUrls: async (chainUrl) => {
      started.proxy = await startCountingProxy(chainUrl, { port: PORTS.countingProxy });
      return [started.proxy.url];
    },
    log: (m) => log("stack", m),
  }).finally(() => {
    if (savedOrigins === undefined) delete process.env.SIWE_ALLOWED_ORIGINS;
    else process.env.SIWE_ALLOWED_ORIGINS = savedOrigins;
    const { proxy } = started;
    if (proxy) stoppers.add("counting proxy", () => proxy.close());
  });
  stoppers.add("local stack (chain, API)", () => stack.stop());
  if (!started.proxy) throw new Error("the local stack started without its counting proxy");
  log("proxy", `counting proxy ${started.proxy.url} -> ${stack.chainUrl}`);
  return { workDir, stack, proxy: started.proxy };
}
