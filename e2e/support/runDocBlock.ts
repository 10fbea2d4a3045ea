import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface DocBlockRun {
  /** What the commands and bash's trace (`set -x`) wrote, stdout and stderr together. */
  readonly output: string;
  readonly wallMs: number;
  /** CPU time of the block and everything it waited for (GNU time), when /usr/bin/time is there. */
  readonly cpuMs?: number;
}

const GNU_TIME = "/usr/bin/time";

/**
 * Runs a documented shell block as an operator would paste it: `bash -euxo pipefail -c <text>` in
 * `cwd` with exactly `env`, in a process group of its own (killed with everything it started if this
 * process exits first). Rejects with the block's output when a command fails.
 */
export async function runDocBlock(
  name: string,
  text: string,
  options: { cwd: string; env: Record<string, string> },
): Promise<DocBlockRun> {
  const timeDir = mkdtempSync(path.join(tmpdir(), "poo-block-time-"));
  const timeFile = path.join(timeDir, "time");
  const bash = ["bash", "-euxo", "pipefail", "-c", text];
  const argv = existsSync(GNU_TIME) ? [GNU_TIME, "-o", timeFile, "-f", "%e %U %S", ...bash] : bash;
  const started = performance.now();
  const child = spawn(argv[0] ?? "bash", argv.slice(1), {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.once("exit", killGroup);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  process.removeListener("exit", killGroup);
  const wallMs = performance.now() - started;
  let cpuMs: number | undefined;
  if (existsSync(timeFile)) {
    const [, user = 0, system = 0] = readFileSync(timeFile, "utf8").trim().split(/\s+/).slice(-3).map(Number);
    cpuMs = (user + system) * 1000;
  }
  rmSync(timeDir, { recursive: true, force: true });
  if (code !== 0) {
    throw new Error(
      `docs/operations.md block checked:${name} failed (exit ${code}) in ${options.cwd}:\n${text}\n--- output (end) ---\n${output.slice(-6000)}`,
    );
  }
  return { output, wallMs, cpuMs };
}
