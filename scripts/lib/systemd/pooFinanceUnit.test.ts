import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeBuiltSite } from "../../../src/server/testing/fakeBuiltSite";
import { startFakeRpc, type FakeHttpService } from "../../../src/server/testing/fakeHttpService";
import { startCmcStandIn } from "../../../src/server/testing/startCmcStandIn";
import { buildServer, serveNodeOptions } from "../buildServer";
import { readSystemdUnit } from "./readSystemdUnit";
import { serviceLaunch, type ServiceLaunch } from "./serviceLaunch";

// deploy/systemd/poo-finance@.service as systemd runs it, on a machine laid out under a temporary
// folder: its release (/srv/poo-finance/current: the compiled server, node_modules), its environment
// file (/etc/poo-finance/poo-finance.env, a production configuration), its state directory.
const ROOT = path.resolve(import.meta.dirname, "../../..");
const UNIT_FILE = path.join(ROOT, "deploy", "systemd", "poo-finance@.service");
const unitText = readFileSync(UNIT_FILE, "utf8");

let machine: string;
const mapPath = (absolute: string) => path.join(machine, absolute);
let release: string;
let site: ReturnType<typeof fakeBuiltSite>;
let rpc: FakeHttpService;
let cmc: FakeHttpService;
const started: ChildProcess[] = [];
/** Servers found by their own log line (`npm run serve`'s node), killed whatever the test did. */
const serverPids = new Set<number>();

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

beforeAll(async () => {
  machine = mkdtempSync(path.join(tmpdir(), "poo-systemd-"));
  release = mapPath("/srv/poo-finance/current");
  mkdirSync(release, { recursive: true });
  // The release's node_modules (what `npm install --omit=dev` leaves: Node 22 among it) and its build.
  symlinkSync(path.join(ROOT, "node_modules"), path.join(release, "node_modules"));
  writeFileSync(path.join(release, "package.json"), readFileSync(path.join(ROOT, "package.json")));
  await buildServer({ rootDir: ROOT, outDir: path.join(release, "dist-server") });
  site = fakeBuiltSite();
  rpc = await startFakeRpc((method) => (method === "eth_chainId" ? { result: "0xaa36a7" } : undefined));
  cmc = await startCmcStandIn();
  mkdirSync(mapPath("/etc/poo-finance"), { recursive: true });
  writeFileSync(
    mapPath("/etc/poo-finance/poo-finance.env"),
    [
      "# A production configuration; only the market data and the chain are stand-ins on this machine.",
      "NODE_ENV=production",
      `SESSION_SECRET=${randomBytes(32).toString("hex")}`,
      "CMC_API_KEY=cmc-test-key-0001",
      `CMC_API_URL=${cmc.url}`,
      "TRUSTED_PROXIES=127.0.0.1",
      'SIWE_ALLOWED_ORIGINS="https://poo.finance"',
      "SIWE_ALLOWED_CHAIN_IDS=11155111",
      `CHAIN_RPC_URL_11155111=${rpc.url}`,
      `SITE_DIR=${site.dir}`,
      `DATABASE_PATH=${mapPath("/var/lib/poo-finance/poo.sqlite")}`,
      "",
    ].join("\n"),
  );
}, 60_000);

afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
  for (const pid of serverPids) {
    if (isAlive(pid)) process.kill(pid, "SIGKILL");
  }
  serverPids.clear();
});

afterAll(async () => {
  await Promise.all([rpc.close(), cmc.close()]);
  site.remove();
  rmSync(machine, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type Running = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: string | null }>;
};

/** Starts `argv` as systemd would (its environment only, plus systemd's default PATH). */
function run(argv: readonly string[], cwd: string, env: Record<string, string>): Running {
  const [program = "", ...args] = argv;
  const child = spawn(program, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      for (const match of output.matchAll(/"pid":(\d+)/g)) serverPids.add(Number(match[1]));
    });
  }
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

const SYSTEMD_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

function launchOn(port: number): ServiceLaunch {
  const launch = serviceLaunch(readSystemdUnit(unitText, String(port)), mapPath);
  for (const dir of launch.stateDirectories) mkdirSync(dir, { recursive: true });
  return launch;
}

/** GET /api/ready's status, or the connection's error code. */
async function ready(port: number): Promise<number | string> {
  return fetch(`http://127.0.0.1:${port}/api/ready`).then(
    (response) => response.status,
    (error: { cause?: { code?: string } }) => error.cause?.code ?? "failed",
  );
}

/** Polls until /api/ready answers 200, for at most 20 s; says what the process wrote otherwise. */
async function waitReady(port: number, process: Running): Promise<void> {
  await expect
    .poll(async () => (process.child.exitCode === null ? ready(port) : `exited: ${process.output()}`), {
      timeout: 20_000,
      interval: 200,
    })
    .toBe(200);
}

describe("deploy/systemd/poo-finance@.service", { timeout: 60_000 }, () => {
  it("is a unit systemd accepts (systemd-analyze verify: no error, no warning)", () => {
    const probe = spawnSync("systemd-analyze", ["--version"], { encoding: "utf8" });
    expect(probe.error, "systemd-analyze is needed (Debian: apt-get install systemd)").toBeUndefined();
    // Its paths on this test machine: systemd checks that ExecStart's program exists.
    const dir = mapPath("/etc/systemd/system");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "poo-finance@.service"),
      unitText.replaceAll("/srv/poo-finance/current", release),
    );
    const verified = spawnSync("systemd-analyze", ["verify", path.join(dir, "poo-finance@8787.service")], {
      encoding: "utf8",
    });
    expect({ status: verified.status, stderr: verified.stderr.trim() }).toEqual({ status: 0, stderr: "" });
  });

  it("runs node itself, from the release's production dependencies, as the serve script does", () => {
    const launch = launchOn(8787);
    expect(launch.argv).toEqual([
      path.join(release, "node_modules/.bin/node"),
      ...serveNodeOptions(ROOT),
      "dist-server/serve.mjs",
    ]);
    expect(launch.cwd).toBe(release);
    expect(launch.env.API_PORT).toBe("8787");
    expect(launch.killSignal).toBe("SIGTERM");
    // Above the longest drain the server allows (SHUTDOWN_TIMEOUT_MS at most 120 s is for the
    // operator to raise with it; the default 10 s fits with room for the database to close).
    expect(launch.timeoutStopMs).toBeGreaterThanOrEqual(20_000);
    expect(readSystemdUnit(unitText, "8787").get("Service")?.get("Restart")).toEqual(["on-failure"]);
    // `npm install --omit=dev` brings that node: the server needs 22.13+ (node:sqlite).
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    const [major = 0, minor = 0] = (manifest.dependencies?.node ?? "0")
      .replace(/^[\^~]/, "")
      .split(".")
      .map(Number);
    expect(
      major > 22 || (major === 22 && minor >= 13),
      `package.json dependencies.node: ${manifest.dependencies?.node}`,
    ).toBe(true);
  });

  it("SIGTERM to the process systemd started drains the server, exits 0 and frees the port for the restart", async () => {
    const port = await freePort();
    const launch = launchOn(port);
    const env = { PATH: SYSTEMD_PATH, ...launch.env };
    const first = run(launch.argv, launch.cwd, env);
    await waitReady(port, first);
    expect(first.output()).toContain('"nodeEnv":"production"');

    first.child.kill(launch.killSignal);
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain("Stopped: requests finished, database closed");
    expect(await ready(port)).toBe("ECONNREFUSED");

    // systemctl restart: the same command on the same port.
    const second = run(launch.argv, launch.cwd, env);
    await waitReady(port, second);
    second.child.kill(launch.killSignal);
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it("`npm run serve` by hand: SIGTERM to npm's process reaches node, which drains and exits", async () => {
    const port = await freePort();
    const launch = launchOn(port);
    const npm = run(["npm", "run", "serve"], release, {
      PATH: process.env.PATH ?? SYSTEMD_PATH,
      ...launch.env,
    });
    await waitReady(port, npm);
    const nodePid = [...serverPids].at(-1);
    expect(nodePid, npm.output()).toBeDefined();
    expect(nodePid).not.toBe(npm.child.pid);

    npm.child.kill("SIGTERM");
    await npm.exited;
    await expect
      .poll(() => isAlive(nodePid ?? 0), {
        timeout: 15_000,
        message: `node ${nodePid} still serving after SIGTERM to npm`,
      })
      .toBe(false);
    expect(npm.output()).toContain("SIGTERM received: shutting down");
    expect(await ready(port)).toBe("ECONNREFUSED");
  });
});
