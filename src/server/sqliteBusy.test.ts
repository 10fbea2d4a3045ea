import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseServerConfig } from "./config/parseServerConfig";
import { DATABASE_UNAVAILABLE } from "./createApi";
import { startApiServer, type RunningApiServer } from "./startApiServer";
import { memoryLogger } from "./testing/memoryLogger";

/** /api/health must answer within this while the file is locked (it took 3.2 s with the old driver setup). */
const HEALTH_BOUND_MS = 1_000;

// Another process (a backup, `npm run launch:recheck`, an operator's sqlite3 shell) holding SQLite's write lock.
const HOLDER = `
const { DatabaseSync } = require("node:sqlite");
const [path, holdMs] = process.argv.slice(1);
const db = new DatabaseSync(path);
db.exec("BEGIN IMMEDIATE");
db.exec("INSERT INTO auth_nonces (nonce, expires_at_ms) VALUES ('held-by-another-process', 0)");
process.stdout.write("locked\\n");
setTimeout(() => { db.exec("COMMIT"); db.close(); }, Number(holdMs));
`;

function holdWriteLock(
  path: string,
  holdMs: number,
): { child: ChildProcess; locked: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--no-warnings", "-e", HOLDER, path, String(holdMs)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`the lock holder exited with ${code} before locking`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, locked, exited };
}

describe("SQLite whose write lock another process holds", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(
    env: Record<string, string> = {},
  ): Promise<{ server: RunningApiServer; path: string }> {
    const dir = mkdtempSync(join(tmpdir(), "poo-busy-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "poo.sqlite");
    const { config } = parseServerConfig({
      NODE_ENV: "test",
      API_PORT: "0",
      SESSION_SECRET: "busy-test-secret-busy-test-secret-0123456",
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      DATABASE_PATH: path,
      ...env,
    });
    const server = await startApiServer(config, { logger: memoryLogger() });
    cleanups.push(() => server.close());
    return { server, path };
  }

  function hold(path: string, holdMs: number) {
    const holder = holdWriteLock(path, holdMs);
    cleanups.push(async () => {
      if (holder.child.exitCode === null) holder.child.kill("SIGKILL");
      await holder.exited;
    });
    return holder;
  }

  /** Times GET /api/health, one after another with 50 ms between, until `until` settles. */
  async function timeHealthUntil(url: string, until: Promise<unknown>): Promise<number[]> {
    let done = false;
    void until.finally(() => (done = true));
    const times: number[] = [];
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      times.push(performance.now() - started);
      expect(response.status).toBe(200);
      await Promise.race([until, new Promise((resolve) => setTimeout(resolve, 50))]);
    }
    return times;
  }

  const nonceFrom = (url: string, client: string, since: number) =>
    fetch(`${url}/api/auth/nonce`, { headers: { "x-forwarded-for": client } }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { error?: string },
      ms: performance.now() - since,
    }));

  it("for 1.5 s, within the default bound: /api/health stays fast throughout, and the writes waiting for the lock land once it is gone", async () => {
    const { server, path } = await start();
    const holder = hold(path, 1_500);
    await holder.locked;
    const since = performance.now();
    const writes = Promise.all([1, 2, 3, 4].map((i) => nonceFrom(server.url, `203.0.113.${i}`, since)));
    const health = await timeHealthUntil(server.url, writes);
    expect(await holder.exited).toBe(0);
    expect(Math.max(...health)).toBeLessThan(HEALTH_BOUND_MS);
    expect(health.length).toBeGreaterThan(5);
    for (const write of await writes) expect(write.status).toBe(200);
  }, 30_000);

  it("for longer than SQLITE_BUSY_TIMEOUT_MS: the waiting writes answer 503 at the bound; /api/health stays fast", async () => {
    const { server, path } = await start({ SQLITE_BUSY_TIMEOUT_MS: "500" });
    const holder = hold(path, 3_000);
    await holder.locked;
    const since = performance.now();
    const writes = Promise.all([1, 2].map((i) => nonceFrom(server.url, `203.0.113.${i}`, since)));
    const health = await timeHealthUntil(server.url, writes);
    for (const write of await writes) {
      expect(write).toMatchObject({ status: 503, body: { error: DATABASE_UNAVAILABLE } });
      expect(write.ms).toBeLessThan(2_500);
    }
    expect(Math.max(...health)).toBeLessThan(HEALTH_BOUND_MS);
  }, 30_000);
});
