import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { missingNginxMessage } from "../scripts/lib/nginx/nginxBinary";
import { ownChild } from "../scripts/lib/ownedChild";
import { nginxConfig } from "./nginxConfig";

const TEMPLATE = new URL("./nginx/serve-bench.conf", import.meta.url);

export interface RunningNginx {
  /** http://127.0.0.1:<port> */
  url: string;
  /** "nginx/1.22.1" */
  version: string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** The nginx binary (Debian's /usr/sbin/nginx, or NGINX_PATH). */
  binary: string;
  /** Its prefix: config, pid, logs and temporary folders go here. */
  prefixDir: string;
  /** The folder it serves (dist/), linked as <prefix>/site. */
  siteDir: string;
  port: number;
  /** The served app's port, where /api is proxied. */
  apiPort: number;
}

/**
 * nginx on 127.0.0.1 with bench/nginx/serve-bench.conf under a prefix of its own, in the foreground
 * (`-g 'daemon off;'`) as a child of this process: stopped with SIGTERM (its master stops the worker),
 * and when this process exits first.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const missing = missingNginxMessage({ NGINX_PATH: options.binary });
  if (missing) throw new Error(missing);
  const version = /nginx\/[\d.]+/.exec(spawnSync(options.binary, ["-v"], { encoding: "utf8" }).stderr)?.[0];
  for (const dir of ["logs", "tmp"]) mkdirSync(path.join(options.prefixDir, dir), { recursive: true });
  symlinkSync(path.resolve(options.siteDir), path.join(options.prefixDir, "site"));
  const configFile = path.join(options.prefixDir, "nginx.conf");
  writeFileSync(
    configFile,
    nginxConfig(readFileSync(TEMPLATE, "utf8"), {
      port: options.port,
      apiPort: options.apiPort,
      user: process.getuid?.() === 0 ? os.userInfo().username : undefined,
    }),
  );
  const child = spawn(options.binary, ["-p", options.prefixDir, "-c", configFile, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const owned = ownChild(child, "SIGTERM");
  const stop = () => owned.stop("SIGTERM");

  const url = `http://127.0.0.1:${options.port}`;
  const state = await owned.waitUntilUp(
    () =>
      fetch(`${url}/`).then(
        (response) => response.ok,
        () => false,
      ),
    10_000,
    100,
  );
  if (state === "up") return { url, version: version ?? "nginx ?", stop };
  if (state === "exited") {
    const errorLog = path.join(options.prefixDir, "logs", "error.log");
    const logged = existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "";
    throw new Error(`nginx exited with code ${child.exitCode}: ${(stderr + logged).trim()}`);
  }
  await stop();
  throw new Error(`nginx did not answer on ${url} within 10 s: ${stderr.trim()}`);
}
