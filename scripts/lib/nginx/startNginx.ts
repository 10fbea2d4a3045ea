import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ownChild } from "../ownedChild";
import { missingNginxMessage, nginxBinary } from "./nginxBinary";
import { renderNginxSite } from "./renderNginxSite";
import { renderStandaloneNginx } from "./renderStandaloneNginx";

/** One line of the `poo_finance` access log (deploy/nginx/poo-finance.conf's log_format). */
export interface NginxAccessEntry {
  readonly request: string;
  readonly status: number;
  /** Every instance tried, in order: two when the first one failed over. */
  readonly upstreams: readonly string[];
  readonly upstreamStatuses: readonly string[];
  readonly requestId: string;
}

export interface RunningNginx {
  /** http://<host>:<port> */
  readonly url: string;
  /** The master process (its workers are its children). */
  readonly pid: number;
  /** The access log so far. */
  accessLog(): NginxAccessEntry[];
  /** Rewrites the upstream list and reloads nginx (SIGHUP): new workers take it, old ones finish. */
  setUpstreams(upstreams: readonly string[]): Promise<void>;
  /** SIGQUIT (graceful), SIGKILL after 10 s; its folder is removed. */
  stop(): Promise<void>;
}

export interface StartNginxOptions {
  /** The address it listens on: 127.0.0.1 (default), or a test host's own address. */
  readonly host?: string;
  readonly port: number;
  /** "host:port" of each `npm run serve` instance. */
  readonly upstreams: readonly string[];
  /** "host:port" of each of the indexer's `ponder serve` replicas: /indexer goes to them. */
  readonly indexerUpstreams?: readonly string[];
  readonly log: (message: string) => void;
  /**
   * Runs nginx inside this Linux network namespace (`ip netns exec <name> nginx …`, which execs nginx
   * itself: the process and its signals are nginx's). The multi-host tests' test hosts.
   */
  readonly netns?: string;
}

const ACCESS_LINE =
  /"(?<request>[^"]*)" (?<status>\d{3}) .*upstream="(?<upstream>[^"]*)" upstream_status="(?<statuses>[^"]*)" request_id=(?<id>\S+)/;

/** "a, b : c" (nginx's list of tried servers; " : " separates internal redirects) -> [a, b, c]. */
const splitList = (text: string): string[] =>
  text
    .split(/,|:(?=\s)/)
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "-");

export function parseNginxAccessLine(line: string): NginxAccessEntry | undefined {
  const groups = ACCESS_LINE.exec(line)?.groups;
  if (!groups) return undefined;
  return {
    request: groups.request ?? "",
    status: Number(groups.status),
    upstreams: splitList(groups.upstream ?? ""),
    upstreamStatuses: splitList(groups.statuses ?? ""),
    requestId: groups.id ?? "",
  };
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Debian's nginx in front of the instances, with deploy/nginx/poo-finance.conf (markers filled in) under
 * deploy/nginx/standalone.conf, in a folder of its own (`nginx -p`), in the foreground as a child of
 * this process. Throws one line naming the package when nginx is not installed.
 */
export async function startNginx(options: StartNginxOptions): Promise<RunningNginx> {
  const missing = missingNginxMessage();
  if (missing) throw new Error(missing);
  const host = options.host ?? "127.0.0.1";
  const prefix = mkdtempSync(path.join(tmpdir(), "poo-nginx-"));
  // nginx's workers run as an unprivileged user when it starts as root: they must reach the temp folders.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, "logs"));
  const siteFile = path.join(prefix, "poo-finance.conf");
  const accessLogFile = path.join(prefix, "logs", "access.log");
  const writeSite = (upstreams: readonly string[]) =>
    writeFileSync(
      siteFile,
      renderNginxSite({
        listen: `${host}:${options.port}`,
        upstreams,
        indexerUpstreams: options.indexerUpstreams ?? [],
        accessLog: accessLogFile,
      }),
    );
  writeSite(options.upstreams);
  const configFile = path.join(prefix, "nginx.conf");
  writeFileSync(configFile, renderStandaloneNginx({ prefix, siteFile }));

  const errorLog = path.join(prefix, "error.log");
  const nginxArgs = [nginxBinary(), "-p", prefix, "-c", configFile, "-e", errorLog];
  const [command = "", ...args] = options.netns
    ? ["ip", "netns", "exec", options.netns, ...nginxArgs]
    : nginxArgs;
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const owned = ownChild(child, "SIGTERM");
  const errors = () => `${output}${existsSync(errorLog) ? readFileSync(errorLog, "utf8") : ""}`.trim();

  const stop = async (): Promise<void> => {
    await owned.stop("SIGQUIT", 10_000);
    rmSync(prefix, { recursive: true, force: true });
  };

  const state = await owned.waitUntilUp(() => canConnect(host, options.port), 10_000, 100);
  if (state === "exited") {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx exited with code ${child.exitCode}: ${errors()}`);
  }
  if (state === "timed out") {
    const text = errors();
    await stop();
    throw new Error(`nginx did not listen on ${host}:${options.port} within 10 s: ${text}`);
  }
  const indexers = options.indexerUpstreams?.length
    ? `; /indexer -> ${options.indexerUpstreams.join(", ")}`
    : "";
  options.log(
    `nginx ${nginxBinary()} on ${host}:${options.port} -> ${options.upstreams.join(", ")}${indexers}`,
  );

  return {
    url: `http://${host}:${options.port}`,
    pid: child.pid ?? 0,
    accessLog: () =>
      (existsSync(accessLogFile) ? readFileSync(accessLogFile, "utf8") : "")
        .split("\n")
        .map(parseNginxAccessLine)
        .filter((entry): entry is NginxAccessEntry => entry !== undefined),
    setUpstreams: async (upstreams) => {
      writeSite(upstreams);
      child.kill("SIGHUP");
      // The new workers start within milliseconds; the old ones finish their requests, then exit.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const text = errors();
      if (/\[emerg\]/.test(text)) throw new Error(`nginx refused the new configuration: ${text}`);
    },
    stop,
  };
}
