import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startLocalStack } from "../scripts/lib/local-stack";
import { PORTS } from "./config";
import { log, type Stoppers } from "./lifecycle";

export interface BenchStack {
  /** A temporary folder for the builds, removed at the end. */
  readonly workDir: string;
  readonly stack: Awaited<ReturnType<typeof startLocalStack>>;
}

/**
 * What every benchmark starts from: a temporary build folder and the local chain (contracts,
 * Multicall3) with the API on the bench's ports, all registered to be stopped at the end. The web
 * apps are built by the caller.
 */
export async function startBenchStack(stoppers: Stoppers, dirPrefix: string): Promise<BenchStack> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), dirPrefix));
  stoppers.add(`build dir ${workDir}`, async () => rmSync(workDir, { recursive: true, force: true }));
  // The API's registrations go to a throw-away database, not the one `npm start` uses (data/).
  process.env.DATABASE_PATH = path.join(workDir, "poo.sqlite");
  const stack = await startLocalStack({
    chainPort: PORTS.chain,
    apiPort: PORTS.api,
    webPort: PORTS.web,
    explorerPort: PORTS.explorer,
    web: "none",
    log: (m) => log("stack", m),
  });
  stoppers.add("local stack (chain, API)", () => stack.stop());
  return { workDir, stack };
}
