import type { ChildProcess } from "node:child_process";

export interface OwnedChild {
  /** Resolves once the process has exited. */
  readonly exited: Promise<void>;
  /**
   * Sends `signal` unless it has already exited, SIGKILL after `killAfterMs` when given, and resolves
   * once it is gone.
   */
  stop(signal: NodeJS.Signals, killAfterMs?: number): Promise<void>;
  /**
   * Asks `isUp` every `intervalMs` until it answers true ("up"), the process exits first ("exited"),
   * or `timeoutMs` passes ("timed out"); the caller words the failure and cleans up.
   */
  waitUntilUp(isUp: () => Promise<boolean>, timeoutMs: number, intervalMs: number): Promise<WaitResult>;
}

export type WaitResult = "up" | "exited" | "timed out";

/**
 * A server this process started (nginx, `npm run serve`): sent `signalOnExit` when this process exits
 * first, so that none is left behind.
 */
export function ownChild(child: ChildProcess, signalOnExit: NodeJS.Signals): OwnedChild {
  const onExit = () => child.kill(signalOnExit);
  process.once("exit", onExit);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      process.removeListener("exit", onExit);
      resolve();
    }),
  );
  return {
    exited,
    stop: async (signal, killAfterMs) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer =
        killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      await exited;
      clearTimeout(timer);
    },
    waitUntilUp: async (isUp, timeoutMs, intervalMs) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) return "exited";
        if (await isUp()) return "up";
        if (Date.now() > deadline) return "timed out";
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
  };
}
