import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { createPublicClient, custom, erc20Abi, getAddress, parseEther } from "viem";
import { startSimulatedChain, type SimulatedChain } from "../../scripts/lib/startSimulatedChain.ts";
import { deploymentSchema } from "../../src/app/config/deploymentSchema.ts";
import { chainTransactions } from "./chainTransactions.ts";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A copy of the project where `npm run deploy` can write its journal (ignition/deployments/) and its
 * deployments/<chainId>.json without touching the repository's own, and whose `localhost` network is
 * the test's node (DEPLOY_TEST_NODE_URL): the repository's hardhat.config.ts beside a config that only
 * repoints `localhost` (and the build profile, below). The compiled artifacts come along with their
 * cache (its absolute paths moved), so the command compiles nothing.
 */
async function projectCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "poo-deploy-command-"));
  for (const entry of [
    "package.json",
    "contracts",
    "ignition/modules",
    "ignition/parameters",
    "scripts",
    "src",
    "artifacts",
  ]) {
    await cp(path.join(REPO, entry), path.join(dir, entry), { recursive: true });
  }
  await cp(path.join(REPO, "hardhat.config.ts"), path.join(dir, "hardhat.project.config.ts"));
  await cp(path.join(REPO, "cache"), path.join(dir, "cache"), { recursive: true });
  const compileCache = path.join(dir, "cache", "compile-cache.json");
  if (existsSync(compileCache)) {
    const text = await readFile(compileCache, "utf8");
    await writeFile(compileCache, text.replaceAll(JSON.stringify(REPO.replace(/\/$/, "")).slice(1, -1), dir));
  }
  await symlink(path.join(REPO, "node_modules"), path.join(dir, "node_modules"), "dir");
  // Ignition's deploy builds with Hardhat's production profile, isolated (every file compiled alone,
  // about a minute here); the copy's production profile is the default one, so the build finds the
  // artifacts `npm run compile` made and compiles nothing. Everything after the build is the command's.
  await writeFile(
    path.join(dir, "hardhat.config.ts"),
    [
      `import config from "./hardhat.project.config.ts";`,
      `const solidity = config.solidity as object;`,
      `export default {`,
      `  ...config,`,
      `  solidity: { profiles: { default: solidity, production: { ...solidity, isolated: false, toolVersionsInBuildInfo: false } } },`,
      `  networks: { ...config.networks, localhost: { type: "http", chainType: "l1", url: process.env.DEPLOY_TEST_NODE_URL! } },`,
      `};`,
      ``,
    ].join("\n"),
  );
  return dir;
}

/** Process groups of the commands still running, stopped when the suite ends whatever happened. */
const running = new Set<number>();

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * `npm run deploy -- --network localhost` in `dir`, as its own process group (npm, its shell and
 * Hardhat), so that `kill(-pid)` stops all of it; resolves when it has exited.
 */
function runDeploy(dir: string, nodeUrl: string, onStart: (pid: number) => void = () => {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "deploy", "--", "--network", "localhost"], {
      cwd: dir,
      detached: true,
      // As from an operator's shell: without the HARDHAT_* variables of the `hardhat test` running this
      // (HARDHAT_CONFIG would point the command at the repository's own config).
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("HARDHAT_"))),
        DEPLOY_TEST_NODE_URL: nodeUrl,
        FORCE_COLOR: "0",
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      running.delete(child.pid!);
      resolve({ code, signal, output });
    });
    running.add(child.pid!);
    onStart(child.pid!);
  });
}

/**
 * The node's JSON-RPC, forwarded; with `killAfterFirstContract` set, the first receipt of a contract
 * creation is never answered: the deploy command's whole process group is killed instead, as when the
 * machine goes down or the operator presses Ctrl-C mid-deployment.
 */
async function startRelay(target: string) {
  const state = { victim: undefined as number | undefined, killed: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const upstream = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: Buffer.concat(chunks),
        });
        const body = await upstream.text();
        if (state.victim !== undefined && /"contractAddress":"0x[0-9a-fA-F]{40}"/.test(body)) {
          process.kill(-state.victim, "SIGKILL");
          state.victim = undefined;
          state.killed = true;
          req.socket.destroy();
          return;
        }
        res.writeHead(upstream.status, { "content-type": "application/json" });
        res.end(body);
      })().catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe("npm run deploy -- --network localhost (the real command, against a local node)", () => {
  let chain: SimulatedChain;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let dir: string;

  before(async () => {
    chain = await startSimulatedChain("default", 0);
    relay = await startRelay(chain.url);
    dir = await projectCopy();
  });
  after(async () => {
    for (const group of running) process.kill(-group, "SIGKILL");
    await relay?.close();
    await chain?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("a network that does not answer: a non-zero exit, one line that says so, nothing written", async () => {
    const closed = await startRelay(chain.url);
    await closed.close();
    const run = await runDeploy(dir, closed.url);
    assert.equal(run.code, 2, run.output);
    assert.match(
      run.output,
      /^Cannot deploy:\n {2}- network localhost \(http:\/\/127\.0\.0\.1:\d+\) does not answer \(connect ECONNREFUSED 127\.0\.0\.1:\d+\): start its node/m,
    );
    assert.equal(existsSync(path.join(dir, "ignition", "deployments")), false);
    assert.equal(existsSync(path.join(dir, "deployments")), false);
    assert.equal(await chain.provider.request({ method: "eth_blockNumber" }), "0x0");
  });

  it("killed after the first contract, run again: each contract deployed once, the file right", async () => {
    const killed = await runDeploy(dir, relay.url, (pid) => (relay.state.victim = pid));
    assert.ok(
      relay.state.killed,
      `the first run ended before its first contract was mined:\n${killed.output}`,
    );
    assert.equal(killed.signal, "SIGKILL");
    const interrupted = await chainTransactions(chain.provider);
    assert.ok(
      interrupted.created.length >= 1 && interrupted.created.length < 3,
      `${interrupted.created.length} created`,
    );
    const journal = path.join(dir, "ignition", "deployments", "chain-31337", "journal.jsonl");
    assert.ok(existsSync(journal), "the journal of the interrupted run");
    const deploymentsFile = path.join(dir, "deployments", "31337.json");
    assert.equal(existsSync(deploymentsFile), false, "no deployments file from the interrupted run");

    const resumed = await runDeploy(dir, relay.url);
    assert.equal(resumed.code, 0, resumed.output);
    const { created, calls, firstCreationBlock } = await chainTransactions(chain.provider);
    assert.equal(created.length, 3, `three contracts created in all, not ${created.length}`);
    assert.deepEqual(created.slice(0, interrupted.created.length), interrupted.created);
    // setStakingContract, approve, fundRewards, setRewardRate; then the four test accounts seeded.
    assert.equal(calls, 4 + 4, "each wiring call once, each test account paid once");

    const parsed = deploymentSchema.safeParse(JSON.parse(await readFile(deploymentsFile, "utf8")));
    assert.ok(parsed.success, `schema issues: ${JSON.stringify(parsed.error?.issues)}`);
    const deployment = parsed.data;
    assert.deepEqual(
      new Set([deployment.pooToken, deployment.crapToken, deployment.staking]),
      new Set(created),
    );
    assert.equal(deployment.chainId, 31337);
    assert.equal(deployment.deployBlock, firstCreationBlock, "the block of the first contract (first run)");
    const [deployer] = (await chain.provider.request({ method: "eth_accounts" })) as string[];
    assert.equal(deployment.deployer, getAddress(deployer!));
    assert.equal(deployment.stakingContract, "Staking");
    assert.match(resumed.output, /Written to deployments\/31337\.json/);

    const client = createPublicClient({ transport: custom(chain.provider) });
    const accounts = ((await chain.provider.request({ method: "eth_accounts" })) as string[]).slice(0, 5);
    for (const account of accounts) {
      const balance = await client.readContract({
        address: getAddress(deployment.pooToken),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [getAddress(account)],
      });
      assert.equal(balance, parseEther("1000000"), `${account} holds 1,000,000 POO`);
    }
  });
});
