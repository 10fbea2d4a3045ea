// `npm start`: the whole local stack in one process. Ctrl-C or SIGTERM stops everything.
//   npm start -- --reference   deploys ReferenceStaking (the spec's interface only) instead of Staking
//   npm start -- --sepolia     a Sepolia look-alike: chain id 11155111, a block every 12 s, the app
//                              built for Sepolia reading through the API's gateway, whose first
//                              provider is unreachable (implies --reference)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { startLocalStack, HARDHAT_TEST_KEYS } from "./lib/local-stack";

const { values: flags } = parseArgs({
  options: { reference: { type: "boolean", default: false }, sepolia: { type: "boolean", default: false } },
  strict: true,
});

const startedAt = performance.now();
const env = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    console.error(`${name} must be a TCP port number, got "${raw}".`);
    process.exit(2);
  }
  return value;
};

const stack = await startLocalStack({
  chainPort: env("CHAIN_PORT", 8545),
  apiPort: env("API_PORT", 8787),
  webPort: env("WEB_PORT", 5173),
  explorerPort: env("EXPLORER_PORT", 8546),
  indexerPort: env("INDEXER_PORT", 42069),
  // Not waited for: the app reads the chain's newest blocks until it answers (its line follows).
  indexerWaitFor: "background",
  web: "dev",
  ...(flags.reference || flags.sepolia ? { stakingContract: "ReferenceStaking" as const } : {}),
  ...(flags.sepolia
    ? {
        sepolia: { blockTimeMs: 12_000 },
        // Never over a real deployments/11155111.json.
        deploymentsDir: path.join(mkdtempSync(path.join(tmpdir(), "poo-sepolia-sim-")), "deployments"),
      }
    : {}),
}).catch((error: unknown) => {
  console.error("\nThe local stack could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
console.log(`
POO Finance local stack ready in ${seconds} s
  Web app   ${stack.webUrl}
  Chain     ${stack.chainUrl}  (chain id ${stack.deployment.chainId}${flags.sepolia ? ", a block every 12 s" : ""})
  Staking   ${flags.reference || flags.sepolia ? "ReferenceStaking (the spec's interface only)" : "Staking"}
  API       ${stack.apiUrl ?? "(not started)"}  (the app's chain reads: /api/rpc/${stack.deployment.chainId}${flags.sepolia ? ", its first provider a closed port, then the chain" : ""})
  Indexer   ${stack.indexer ? `${stack.indexer.url}  (Ponder on PGlite, starting: a line says when it answers; the app reads it at ${stack.webUrl}/indexer)` : "(not started)"}
  Explorer  ${stack.explorerUrl ? `${stack.explorerUrl}/tx/<hash>  (the app's "here" links)` : "(not started: the app links to the Sepolia explorer)"}

How to connect:
  - No browser wallet? Open the web app, press "Connect Wallet" and pick "Local test wallet".
  - MetaMask: add network "POO Local", RPC ${stack.chainUrl}, chain id ${stack.deployment.chainId}, symbol ETH, then import
    a Hardhat test key (public, for local use only), e.g. account #0:
    ${HARDHAT_TEST_KEYS[0]}
  The first five Hardhat accounts hold 1,000,000 POO each.

Press Ctrl-C to stop.`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local stack…`);
  await stack.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGHUP", () => void shutdown("SIGHUP"));
// If whatever started us (npm, a shell) dies without passing the signal on, we are re-parented:
// stop too rather than keep the ports as an orphan.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart) void shutdown("parent process exited");
}, 1000).unref();
