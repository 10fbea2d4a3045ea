import { spawn } from "node:child_process";
import path from "node:path";
import { buildServer, serveNodeOptions } from "./buildServer";
import { ownChild } from "./ownedChild";

export interface ServedApp {
  /** http://<host>:<port>: the site and, under /api, the API. */
  url: string;
  /** SIGTERM (the server drains and exits), SIGKILL if it has not exited after 15 s. */
  stop(): Promise<void>;
  /** Sends `signal` (a crash: SIGKILL) and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ServedAppOptions {
  rootDir: string;
  /** The web app's build folder (SITE_DIR); the compiled server goes beside it, in `<siteDir>-server`. */
  siteDir: string;
  port: number;
  /** The address it binds (API_HOST): 127.0.0.1 by default; another host's address in a network namespace. */
  host?: string;
  /**
   * A command that runs the server's command line, e.g. ["ip", "netns", "exec", "poo-api1"] to start it
   * inside a network namespace. It must exec the server (as `ip netns exec` does), so that signals to
   * the child reach the server itself.
   */
  launcher?: readonly string[];
  /** The server's environment (all of it: nothing is inherited but PATH). */
  env: Record<string, string | undefined>;
  log: (message: string) => void;
  /** How long to wait for its first 200 on /api/health. */
  startTimeoutMs?: number;
  /** The compiled server to run (buildServer's entry), for instances sharing one build; default: build it. */
  entry?: string;
}

/**
 * The built web app and the API as `npm run build && npm run serve` run them: the server compiled to
 * plain JavaScript and started as a process of its own on `port`, with the production headers. Its
 * log lines go to `log`; it is stopped with SIGTERM, and killed when this process exits first.
 */
export async function startServedApp(options: ServedAppOptions): Promise<ServedApp> {
  const entry =
    options.entry ??
    (await buildServer({ rootDir: options.rootDir, outDir: `${options.siteDir}-server` })).entry;
  const host = options.host ?? "127.0.0.1";
  const [command = process.execPath, ...args] = [
    ...(options.launcher ?? []),
    process.execPath,
    ...serveNodeOptions(options.rootDir),
    entry,
  ];
  const child = spawn(command, args, {
    cwd: options.rootDir,
    env: {
      ...options.env,
      PATH: process.env.PATH ?? "",
      SITE_DIR: path.resolve(options.rootDir, options.siteDir),
      API_HOST: host,
      API_PORT: String(options.port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const owned = ownChild(child, "SIGKILL");
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) options.log(`[serve] ${line}`);
  };
  child.stdout.on("data", forward);
  child.stderr.on("data", forward);

  const url = `http://${host.includes(":") ? `[${host}]` : host}:${options.port}`;
  const stop = () => owned.stop("SIGTERM", 15_000);
  const kill = (signal: NodeJS.Signals) => owned.stop(signal);
  const state = await owned.waitUntilUp(
    () =>
      fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      ),
    options.startTimeoutMs ?? 60_000,
    200,
  );
  if (state === "up") return { url, stop, kill };
  if (state === "exited") {
    throw new Error(
      `The served app exited with code ${child.exitCode} before answering (see [serve] lines).`,
    );
  }
  await stop();
  throw new Error(`The served app did not answer on ${url} in time.`);
}
