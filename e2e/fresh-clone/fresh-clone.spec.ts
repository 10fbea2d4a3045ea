import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Client } from "pg";
import { checkedBlocks } from "../../scripts/lib/docs/checkedBlocks";
import { nginxBinary } from "../../scripts/lib/nginx/nginxBinary";
import { renderStandaloneNginx } from "../../scripts/lib/nginx/renderStandaloneNginx";
import { parseNginxAccessLine } from "../../scripts/lib/nginx/startNginx";
import { startFakeRpc, type FakeHttpService } from "../../src/server/testing/fakeHttpService";
import { startCmcStandIn } from "../../src/server/testing/startCmcStandIn";
import { startTestPostgres, type TestPostgres } from "../../src/server/testing/startTestPostgres";
import { FakeSystemd } from "../support/fakeSystemd";
import { runDocBlock, type DocBlockRun } from "../support/runDocBlock";

// docs/operations.md's `checked:` blocks, run as written in a fresh `git clone` of this repository's
// HEAD, on a machine laid out under a temporary folder: an operator's configuration files (written
// here, as the docs show them), then the documented build, the service, PostgreSQL, two instances and
// nginx. Nothing is built or installed that the docs do not say. One install and one build serve the
// single instance and the several instances. Only the chain's RPC and the market data are stand-ins.
test.describe.configure({ mode: "serial" });

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEPOLIA = 11155111;

let machine: string;
let release: string;
let systemd: FakeSystemd;
let rpc: FakeHttpService;
let cmc: FakeHttpService;
let postgres: TestPostgres | undefined;
let nginxPrefix: string;
let ports: { a: number; b: number; nginx: number };
let certificate: string;
/** docs text -> what the test machine runs instead, and how many times each was used. */
let substitutions: Array<{ from: string; to: string; used: number }>;
const timings: Array<{ block: string } & Pick<DocBlockRun, "wallMs" | "cpuMs">> = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

const inMachine = (absolute: string) => path.join(machine, absolute);

/** What the blocks run with: the system's PATH (no project's node_modules/.bin), `systemctl` and `nginx` stood in for. */
function blockEnv(): Record<string, string> {
  const systemPath = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir !== "" && !dir.includes("node_modules"))
    .join(path.delimiter);
  return {
    PATH: `${systemd.binDir}${path.delimiter}${systemPath}`,
    HOME: process.env.HOME ?? "/root",
    LANG: "C.UTF-8",
    // The npm cache is warm on a test machine: use it before asking the registry (npm config by env,
    // the docs' commands stay as written).
    npm_config_prefer_offline: "true",
  };
}

/** Runs docs/operations.md's block `checked:<name>` with the machine's substitutions. */
async function runBlock(name: string, cwd = release): Promise<DocBlockRun> {
  const block = checkedBlocks().get(name);
  expect(block, `docs/operations.md has a block marked checked:${name}`).toBeDefined();
  let text = block?.text ?? "";
  for (const substitution of substitutions) {
    const parts = text.split(substitution.from);
    substitution.used += parts.length - 1;
    text = parts.join(substitution.to);
  }
  // A folder of the real machine that the table above does not map is never written to.
  const unmapped = /(?:^|[\s"'=>])(\/(?:etc|srv|var|opt|run|home|root|usr\/local)\/\S*)/m.exec(text)?.[1];
  expect(unmapped, `checked:${name} names ${unmapped}, which the test machine does not map`).toBeUndefined();
  const run = await runDocBlock(name, text, { cwd, env: blockEnv() });
  timings.push({ block: name, wallMs: run.wallMs, cpuMs: run.cpuMs });
  console.log(
    `[fresh-clone] checked:${name} ${(run.wallMs / 1000).toFixed(1)} s wall` +
      (run.cpuMs === undefined ? "" : `, ${(run.cpuMs / 1000).toFixed(1)} s CPU`),
  );
  return run;
}

/** An answer over http(s) to 127.0.0.1, with nginx's certificate trusted for poo.finance over https. */
function get(
  url: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : undefined;
    if (!send) {
      fetch(url).then(
        async (response) =>
          resolve({
            status: response.status,
            headers: Object.fromEntries(response.headers.entries()),
            body: await response.text(),
          }),
        reject,
      );
      return;
    }
    const request = send(
      url,
      { ca: certificate, servername: "poo.finance", headers: { host: "poo.finance" }, agent: false },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** The status of GET url, or the connection's error code. */
const statusOf = (url: string) =>
  get(url).then(
    (answer) => answer.status,
    (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code ?? "failed",
  );

function writeServerEnv(database: string): void {
  writeFileSync(
    inMachine("/etc/poo-finance/poo-finance.env"),
    [
      "NODE_ENV=production",
      `SESSION_SECRET=${randomBytes(32).toString("hex")}`,
      "CMC_API_KEY=cmc-test-key-0001",
      `CMC_API_URL=${cmc.url}`,
      "TRUSTED_PROXIES=127.0.0.1",
      "SIWE_ALLOWED_ORIGINS=https://poo.finance",
      `SIWE_ALLOWED_CHAIN_IDS=${SEPOLIA}`,
      `CHAIN_RPC_URL_${SEPOLIA}=${rpc.url}`,
      `DEPLOYMENTS_DIR=${inMachine("/etc/poo-finance/deployments")}`,
      database,
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
}

test.beforeAll(async () => {
  machine = mkdtempSync(path.join(tmpdir(), "poo-fresh-clone-"));
  // nginx's workers (an unprivileged user when nginx starts as root) reach its folders through it.
  chmodSync(machine, 0o755);
  ports = { a: await freePort(), b: await freePort(), nginx: await freePort() };
  substitutions = [
    ["/etc/poo-finance", inMachine("/etc/poo-finance")],
    ["/etc/systemd/system", inMachine("/etc/systemd/system")],
    ["/etc/nginx/conf.d", inMachine("/etc/nginx/conf.d")],
    ["/var/log/nginx", inMachine("/var/log/nginx")],
    ["/srv/poo-finance", inMachine("/srv/poo-finance")],
    ["8787", String(ports.a)],
    ["8788", String(ports.b)],
    ['"443 ssl"', `"127.0.0.1:${ports.nginx} ssl"`],
  ].map(([from = "", to = ""]) => ({ from, to, used: 0 }));

  rpc = await startFakeRpc((method) =>
    method === "eth_chainId" ? { result: `0x${SEPOLIA.toString(16)}` } : undefined,
  );
  cmc = await startCmcStandIn();

  // The operator's part (docs/operations.md#the-configuration): the folders, the build's variables,
  // the deployment file, the server's variables.
  // What Debian has (systemd's and nginx's folders) and what docs/operations.md#once-per-machine makes.
  for (const dir of [
    "/etc/systemd/system",
    "/etc/nginx/conf.d",
    "/var/log/nginx",
    "/srv/poo-finance/releases",
    "/etc/poo-finance/deployments",
  ]) {
    mkdirSync(inMachine(dir), { recursive: true });
  }
  writeFileSync(
    inMachine("/etc/poo-finance/build.env"),
    [
      "VITE_CHAINS=sepolia",
      `VITE_SEPOLIA_RPC_URL=${rpc.url}/`,
      `POO_DEPLOYMENTS_DIR=${inMachine("/etc/poo-finance/deployments")}`,
      "",
    ].join("\n"),
  );
  writeFileSync(
    inMachine(`/etc/poo-finance/deployments/${SEPOLIA}.json`),
    JSON.stringify({
      chainId: SEPOLIA,
      pooToken: `0x${"a1".repeat(20)}`,
      crapToken: `0x${"b2".repeat(20)}`,
      staking: `0x${"c3".repeat(20)}`,
      deployBlock: 4242,
    }),
  );
  writeServerEnv(`DATABASE_PATH=${inMachine("/var/lib/poo-finance/poo.sqlite")}`);

  // Debian's nginx package: a service running nginx with /etc/nginx/conf.d/*.conf in its http block.
  nginxPrefix = inMachine("/run/nginx");
  mkdirSync(path.join(nginxPrefix, "logs"), { recursive: true });
  const nginxConf = path.join(nginxPrefix, "nginx.conf");
  writeFileSync(
    nginxConf,
    renderStandaloneNginx({ prefix: nginxPrefix, siteFile: `${inMachine("/etc/nginx/conf.d")}/*.conf` }),
  );
  const nginxArgs = ["-p", nginxPrefix, "-c", nginxConf, "-e", path.join(nginxPrefix, "error.log")];
  systemd = new FakeSystemd({
    machine,
    builtIn: {
      nginx: {
        launch: {
          cwd: nginxPrefix,
          argv: [nginxBinary(), ...nginxArgs],
          env: {},
          killSignal: "SIGQUIT",
          timeoutStopMs: 10_000,
          stateDirectories: [],
        },
        reloadSignal: "SIGHUP",
      },
    },
  });
  await systemd.start();
  const nginxShim = path.join(systemd.binDir, "nginx");
  writeFileSync(
    nginxShim,
    `#!/bin/sh\nexec '${nginxBinary()}' ${nginxArgs.map((arg) => `'${arg}'`).join(" ")} "$@"\n`,
  );
  chmodSync(nginxShim, 0o755);

  // The repository as it is committed, cloned as an operator clones a release.
  const head = execFileSync("git", ["-C", ROOT, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  release = inMachine(`/srv/poo-finance/releases/${head.slice(0, 12)}`);
  execFileSync("git", ["clone", "--quiet", "--no-checkout", ROOT, release]);
  execFileSync("git", ["-C", release, "checkout", "--quiet", "--detach", head]);
});

test.afterAll(async () => {
  await systemd?.stopAll();
  await Promise.all([rpc?.close(), cmc?.close(), postgres?.stop()]);
  const total = timings.reduce((sum, t) => ({ wall: sum.wall + t.wallMs, cpu: sum.cpu + (t.cpuMs ?? 0) }), {
    wall: 0,
    cpu: 0,
  });
  console.log(
    `[fresh-clone] blocks: ${(total.wall / 1000).toFixed(1)} s wall, ${(total.cpu / 1000).toFixed(1)} s CPU`,
  );
  if (machine) rmSync(machine, { recursive: true, force: true });
});

test("npm install and the documented build, in a fresh clone: a production install with Node 22", async () => {
  test.setTimeout(15 * 60_000);
  await runBlock("build");
  expect(existsSync(path.join(release, "dist/index.html"))).toBe(true);
  expect(existsSync(path.join(release, "dist-server/serve.mjs"))).toBe(true);
  // The second install left what the server and the indexer run, and nothing of the build tools.
  // (A vite stays: Ponder, a production dependency for the indexer, loads its config with vite 5.)
  for (const buildTool of ["@vitejs/plugin-react", "hardhat", "eslint", "vitest"]) {
    expect(existsSync(path.join(release, "node_modules", buildTool)), buildTool).toBe(false);
  }
  const node = execFileSync(path.join(release, "node_modules/.bin/node"), ["--version"], {
    encoding: "utf8",
  });
  expect(node.trim()).toMatch(/^v22\./);
  // An install leaves the clone as it was: no lockfile rewritten.
  expect(execFileSync("git", ["-C", release, "status", "--porcelain"], { encoding: "utf8" })).toBe("");
});

test("one instance: the documented service serves the build, on SQLite, and stops on SIGTERM", async () => {
  test.setTimeout(3 * 60_000);
  await runBlock("service");
  const unit = `poo-finance@${ports.a}`;
  const ready = await get(`http://127.0.0.1:${ports.a}/api/ready`);
  expect(JSON.parse(ready.body), systemd.journal(unit)).toEqual({
    status: "ready",
    checks: { database: "ok" },
  });
  expect(systemd.journal(unit)).toMatch(/"nodeEnv":"production","database":"sqlite"/);
  // The site of the build, with the headers made from the build's manifest (its RPC origin).
  const page = await get(`http://127.0.0.1:${ports.a}/`);
  expect(page.status).toBe(200);
  expect(page.body).toContain('<div id="root">');
  expect(String(page.headers["content-security-policy"])).toContain(rpc.url);

  await systemd.command(["stop", unit]);
  expect(systemd.exits(unit)).toEqual([{ code: 0, signal: null }]);
  expect(systemd.journal(unit)).toContain("Stopped: requests finished, database closed");
  expect(await statusOf(`http://127.0.0.1:${ports.a}/api/ready`)).toBe("ECONNREFUSED");
});

test("several instances: PostgreSQL as the documented role, two units, nginx rendered as documented", async () => {
  test.setTimeout(3 * 60_000);
  postgres = await startTestPostgres();
  const statements = (checkedBlocks().get("postgres")?.text ?? "")
    .split(";")
    .map((statement) => statement.trim())
    .filter(Boolean);
  expect(statements.length).toBeGreaterThan(0);
  const password = randomBytes(12).toString("hex");
  const admin = new Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
    // What `\password poo_finance` does, without psql's prompt.
    await admin.query(`ALTER ROLE poo_finance PASSWORD '${password}'`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(postgres.adminUrl);
  Object.assign(databaseUrl, { username: "poo_finance", password, pathname: "/poo_finance" });
  writeServerEnv(`DATABASE_URL=${databaseUrl.toString()}`);

  await runBlock("instances");
  for (const port of [ports.a, ports.b]) {
    expect(systemd.journal(`poo-finance@${port}`)).toMatch(/"nodeEnv":"production","database":"postgres"/);
  }

  // The machine's nginx (running before the site is added) and the operator's certificate, in the
  // http block as the docs say.
  const tls = inMachine("/etc/ssl/poo.finance");
  mkdirSync(tls, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=poo.finance",
      "-addext",
      "subjectAltName=DNS:poo.finance",
      "-keyout",
      path.join(tls, "privkey.pem"),
      "-out",
      path.join(tls, "fullchain.pem"),
    ],
    { stdio: "ignore" },
  );
  certificate = readFileSync(path.join(tls, "fullchain.pem"), "utf8");
  writeFileSync(
    inMachine("/etc/nginx/conf.d/00-tls.conf"),
    `ssl_certificate ${tls}/fullchain.pem;\nssl_certificate_key ${tls}/privkey.pem;\n`,
  );
  await systemd.command(["start", "nginx"]);

  await runBlock("nginx");
  const site = `https://127.0.0.1:${ports.nginx}`;
  await expect.poll(() => statusOf(`${site}/api/ready`), { timeout: 15_000 }).toBe(200);
  const answers = await Promise.all([1, 2, 3, 4].map(() => get(`${site}/api/health`)));
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    // nginx's one header of its own, as docs/operations.md says; TLS at nginx: the instances send HSTS.
    expect(answer.headers.server).toBe("nginx");
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000");
  }
  const accessLog = readFileSync(inMachine("/var/log/nginx/poo-finance.access.log"), "utf8")
    .split("\n")
    .flatMap((line) => parseNginxAccessLine(line) ?? []);
  const answeredBy = new Set(accessLog.flatMap((entry) => entry.upstreams));
  expect([...answeredBy].sort()).toEqual([`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`].sort());

  await systemd.stopAll();
  for (const port of [ports.a, ports.b])
    expect(systemd.exits(`poo-finance@${port}`).at(-1)).toEqual({ code: 0, signal: null });
  // Every folder and port of the docs was one the test machine mapped: nothing ran on the real ones.
  expect(substitutions.filter((s) => s.used === 0).map((s) => s.from)).toEqual([]);
});
