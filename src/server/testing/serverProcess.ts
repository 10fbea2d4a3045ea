import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { buildServer, serveNodeOptions } from "../../../scripts/lib/buildServer";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * Compiles the production server as `npm run build` does, into a folder of its own under
 * node_modules/.cache (inside the project, so that its imports find node_modules).
 */
export async function buildServerForTest(name: string): Promise<string> {
  const outDir = path.join("node_modules", ".cache", `poo-${name}-${process.pid}`);
  return (await buildServer({ rootDir: ROOT, outDir })).entry;
}

export type ServerProcess = {
  child: ChildProcess;
  /** Its log so far: the lines on stdout, parsed (JSON); a line that is not JSON is kept as { text }. */
  lines: Array<Record<string, unknown>>;
  /** Everything it wrote, stdout then stderr. */
  output(): string;
  /** Resolves with the first line whose message matches; rejects when the process exits first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * `node <the serve script's options> <entry>` with exactly `env` (plus PATH), its log collected line by
 * line.
 */
export function startServerProcess(entry: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [...serveNodeOptions(ROOT), entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Array<Record<string, unknown>> = [];
  let raw = "";
  let errors = "";
  let pending = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    raw += chunk.toString("utf8");
    pending += chunk.toString("utf8");
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const line of complete.filter((text) => text.trim() !== "")) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ text: line });
      }
    }
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      for (const listener of listeners) listener();
      resolve({ code, signal });
    }),
  );
  const waitForLine = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(
        () => done(new Error(`no log line ${pattern} within ${timeoutMs} ms:\n${raw}`)),
        timeoutMs,
      );
      const done = (error?: Error, line?: Record<string, unknown>) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else if (line) resolve(line);
      };
      const check = () => {
        const line = lines.find((entry) => pattern.test(String(entry.msg ?? entry.text)));
        if (line) done(undefined, line);
        else if (child.exitCode !== null || child.signalCode !== null)
          done(new Error(`exited before a log line ${pattern}:\n${raw}${errors}`));
      };
      listeners.add(check);
      check();
    });
  return { child, lines, output: () => raw + errors, waitForLine, exited };
}
