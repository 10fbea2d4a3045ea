import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "../config";

export type ApiInstance = {
  url: string;
  /** SIGKILL: the machine dies mid-request, nothing is closed cleanly. */
  kill(): void;
  stop(): Promise<void>;
};

/**
 * One API instance as its own process (`node --import tsx src/server/main.ts`, one process, so a
 * SIGKILL really kills it; the tsx CLI would leave its child running), configured only by environment.
 */
export async function startApiInstance(
  port: number,
  env: Record<string, string>,
  logFile: string,
  /** Runs it through this command, e.g. ["ip", "netns", "exec", NAME] on a test host (it must exec). */
  launcher: readonly string[] = [],
): Promise<ApiInstance> {
  const bin = path.join(ROOT_DIR, "node_modules", ".bin");
  const [command = "", ...args] = [
    ...launcher,
    path.join(bin, "node"),
    "--import",
    "tsx",
    "src/server/main.ts",
  ];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
      ...env,
      API_PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`API on port ${port} did not start; see ${logFile}`)),
      60_000,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString("utf8").includes("POO API listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`API on port ${port} exited with ${code}; see ${logFile}`));
    });
  });
  return {
    url: `http://${env.API_HOST ?? "127.0.0.1"}:${port}`,
    kill: () => child.kill("SIGKILL"),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
