import { readFileSync } from "node:fs";
import type { SystemdUnit } from "./readSystemdUnit";
import { readEnvironmentFile } from "./readEnvironmentFile";

/** What systemd runs for a unit's [Service]: where, what, with which environment, and how it stops it. */
export interface ServiceLaunch {
  readonly cwd: string;
  /** ExecStart split into words; the first is an absolute path. */
  readonly argv: readonly [string, ...string[]];
  readonly env: Record<string, string>;
  readonly killSignal: NodeJS.Signals;
  /** How long a stop waits for the main process before SIGKILL. */
  readonly timeoutStopMs: number;
  /** StateDirectory= as absolute paths (systemd creates them under /var/lib). */
  readonly stateDirectories: readonly string[];
}

const SECONDS: Record<string, number> = { ms: 0.001, s: 1, sec: 1, min: 60, m: 60 };

function seconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|sec|min|m)?$/.exec(text.trim());
  if (!match) throw new Error(`not a time span systemd would read the same way: ${text}`);
  return Number(match[1]) * (SECONDS[match[2] ?? "s"] ?? 1);
}

/**
 * The unit's [Service] as a launch: WorkingDirectory, ExecStart, Environment= then EnvironmentFile=
 * (whose settings win, as in systemd), KillSignal, TimeoutStopSec, StateDirectory. `mapPath` turns
 * each absolute path of the unit into the one to use (the tests' folders); a setting it does not know
 * how to run (ExecStart prefixes, quoting, ExecStartPre) throws.
 */
export function serviceLaunch(
  unit: SystemdUnit,
  mapPath: (path: string) => string = (path) => path,
): ServiceLaunch {
  const service = unit.get("Service");
  if (!service) throw new Error("the unit has no [Service] section");
  const one = (key: string): string | undefined => {
    const values = service.get(key) ?? [];
    if (values.length > 1) throw new Error(`${key}= is set ${values.length} times`);
    return values[0];
  };
  for (const unsupported of [
    "ExecStartPre",
    "ExecStartPost",
    "ExecStop",
    "RootDirectory",
    "UnsetEnvironment",
  ]) {
    if (service.has(unsupported)) throw new Error(`${unsupported}= is not run by the tests' launcher`);
  }
  const execStart = one("ExecStart");
  if (!execStart || /["'\\]/.test(execStart) || !execStart.startsWith("/")) {
    throw new Error(`ExecStart= must be an absolute path and plain words: ${execStart ?? "(unset)"}`);
  }
  const [program = "", ...args] = execStart.split(/\s+/);
  const env: Record<string, string> = {};
  for (const assignments of service.get("Environment") ?? []) {
    for (const word of assignments.split(/\s+/).filter(Boolean)) {
      const [key = "", ...value] = word.split("=");
      env[key] = value.join("=");
    }
  }
  for (const file of service.get("EnvironmentFile") ?? []) {
    const optional = file.startsWith("-");
    const path = mapPath(optional ? file.slice(1) : file);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      if (optional) continue;
      throw error;
    }
    Object.assign(env, readEnvironmentFile(text));
  }
  const cwd = one("WorkingDirectory");
  if (!cwd?.startsWith("/"))
    throw new Error(`WorkingDirectory= must be an absolute path: ${cwd ?? "(unset)"}`);
  return {
    cwd: mapPath(cwd),
    argv: [mapPath(program), ...args],
    env,
    killSignal: (one("KillSignal") ?? "SIGTERM") as NodeJS.Signals,
    timeoutStopMs: seconds(one("TimeoutStopSec") ?? "90s") * 1000,
    stateDirectories: (service.get("StateDirectory") ?? [])
      .flatMap((value) => value.split(/\s+/))
      .map((name) => mapPath(`/var/lib/${name}`)),
  };
}
