import { spawn } from "node:child_process";
import path from "node:path";
import { ownChild } from "./ownedChild";

export interface WebAppBuild {
  /** Resolves once `vite build` has written `outDir`; rejects with its last lines when it fails. */
  readonly done: Promise<void>;
  /** Stops the build if it still runs (the stack failed meanwhile). */
  stop(): Promise<void>;
}

/**
 * `vite build` of the web app into `outDir`, in a process of its own with `env` (the VITE_* and POO_*
 * values it bundles). Not in the caller's process: a build takes about 16 CPU-seconds, during which an
 * in-process chain (EDR) would answer no request (the indexer's calls timed out while one ran).
 */
export function buildWebApp({
  rootDir,
  outDir,
  env,
}: {
  rootDir: string;
  outDir: string;
  env: Record<string, string | undefined>;
}): WebAppBuild {
  const viteBin = path.join(rootDir, "node_modules", "vite", "bin", "vite.js");
  const child = spawn(
    process.execPath,
    [viteBin, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: rootDir, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const owned = ownChild(child, "SIGKILL");
  let output = "";
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString("utf8")).slice(-4_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const done = owned.exited.then(() => {
    if (child.exitCode === 0) return;
    throw new Error(
      `The web app's build (vite build --outDir ${outDir}) ended with ${
        child.exitCode ?? child.signalCode
      }:\n${output.trim()}`,
    );
  });
  // Awaited by the caller, or not at all when the stack failed first.
  done.catch(() => undefined);
  return { done, stop: () => owned.stop("SIGTERM", 5_000) };
}
