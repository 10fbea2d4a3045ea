import { spawn } from "node:child_process";
import { ownChild } from "../ownedChild";

export interface NetnsProcess {
  /** The first line it printed that matched `ready`. */
  readonly readyLine: string;
  /** SIGTERM, SIGKILL after 10 s; resolves once it is gone. */
  stop(): Promise<void>;
}

/**
 * `node --import tsx <script> …args` inside the network namespace `netns` (`ip netns exec` execs it: the
 * process is node's), resolved once it prints a line matching `ready`; killed when this process exits
 * first. Its other output goes to `log`.
 */
export async function startInNetns(options: {
  netns: string;
  script: string;
  args?: readonly string[];
  ready: RegExp;
  log: (line: string) => void;
  timeoutMs?: number;
}): Promise<NetnsProcess> {
  const child = spawn(
    "ip",
    [
      "netns",
      "exec",
      options.netns,
      process.execPath,
      "--import",
      "tsx",
      options.script,
      ...(options.args ?? []),
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const owned = ownChild(child, "SIGKILL");
  let readyLine: string | undefined;
  let output = "";
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      if (readyLine === undefined && options.ready.test(line)) readyLine = line;
      else options.log(line);
      output += `${line}\n`;
    }
  };
  child.stdout.on("data", onLine);
  child.stderr.on("data", onLine);
  const stop = () => owned.stop("SIGTERM", 10_000);
  const state = await owned.waitUntilUp(
    async () => readyLine !== undefined,
    options.timeoutMs ?? 60_000,
    100,
  );
  if (state === "up" && readyLine !== undefined) return { readyLine, stop };
  await stop();
  throw new Error(
    `${options.script} in ${options.netns} ${state === "exited" ? `exited with ${child.exitCode}` : "did not start in time"}: ${output.slice(-2000)}`,
  );
}
