import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { readSystemdUnit } from "../../scripts/lib/systemd/readSystemdUnit";
import { serviceLaunch, type ServiceLaunch } from "../../scripts/lib/systemd/serviceLaunch";

/** What a unit's main process did when it ended. */
export interface ServiceExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

interface Service {
  readonly child: ChildProcess;
  readonly launch: ServiceLaunch;
  readonly exited: Promise<ServiceExit>;
  /** SIGHUP for nginx; none for the others. */
  readonly reloadSignal?: NodeJS.Signals;
}

/** A unit the machine has without a file under /etc/systemd/system (Debian's nginx package's). */
export interface BuiltInUnit {
  readonly launch: ServiceLaunch;
  readonly reloadSignal: NodeJS.Signals;
}

export interface FakeSystemdOptions {
  /** The test machine's root: a unit's absolute paths are taken under it. */
  readonly machine: string;
  /** Units that are not files in <machine>/etc/systemd/system, by name. */
  readonly builtIn?: Readonly<Record<string, BuiltInUnit>>;
}

const SYSTEMD_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/**
 * systemd as far as the documented commands use it, for a test machine laid out under a folder: a
 * `systemctl` on PATH (written into <machine>/bin) sends its arguments to this process over a Unix
 * socket, and this process runs the units as their files say (WorkingDirectory, Environment= then
 * EnvironmentFile=, ExecStart, KillSignal and TimeoutStopSec on stop; serviceLaunch), so the services
 * are its children and die with it. `daemon-reload`, `enable --now`, `start`, `stop`, `restart`,
 * `reload`, `is-active`; anything else fails loudly. Not run: User= and the sandboxing (the test runs
 * as whoever runs it), Restart= (a crash fails the test instead).
 */
export class FakeSystemd {
  private readonly services = new Map<string, Service>();
  private readonly journals = new Map<string, string>();
  private readonly history = new Map<string, ServiceExit[]>();
  private server?: Server;

  constructor(private readonly options: FakeSystemdOptions) {}

  /** <machine>/bin, to put first on PATH: holds `systemctl`. */
  get binDir(): string {
    return path.join(this.options.machine, "bin");
  }

  async start(): Promise<void> {
    const socket = path.join(this.options.machine, "run", "systemd.sock");
    mkdirSync(path.dirname(socket), { recursive: true });
    rmSync(socket, { force: true });
    this.server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        this.command(body.trim().split(/\s+/)).then(
          (output) => {
            response.writeHead(200);
            response.end(output);
          },
          (error: unknown) => {
            response.writeHead(500);
            response.end(
              `systemctl (test stand-in): ${error instanceof Error ? error.message : String(error)}\n`,
            );
          },
        );
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    mkdirSync(this.binDir, { recursive: true });
    const shim = path.join(this.binDir, "systemctl");
    writeFileSync(
      shim,
      "#!/bin/sh\n# systemctl as the fresh-clone test stands in for it (e2e/support/fakeSystemd.ts).\n" +
        `exec curl -sS --fail-with-body --unix-socket '${socket}' --data-binary "$*" http://systemd/\n`,
    );
    chmodSync(shim, 0o755);
  }

  /** What the unit wrote (stdout and stderr), as `journalctl -u` would show it. */
  journal(unit: string): string {
    return this.journals.get(unit) ?? "";
  }

  /** How each run of the unit ended, in order. */
  exits(unit: string): readonly ServiceExit[] {
    return this.history.get(unit) ?? [];
  }

  /** systemctl with these arguments; resolves with its output, rejects with its error. */
  async command(args: readonly string[]): Promise<string> {
    const [verb = "", ...rest] = args;
    const units = rest.filter((arg) => !arg.startsWith("--"));
    const flags = rest.filter((arg) => arg.startsWith("--"));
    const unknownFlag = flags.find((flag) => !(verb === "enable" && flag === "--now"));
    if (unknownFlag) throw new Error(`${verb} ${unknownFlag} is not stood in for`);
    switch (verb) {
      case "daemon-reload":
        return "";
      case "enable":
        if (!flags.includes("--now")) throw new Error("enable without --now starts nothing here");
        for (const unit of units) await this.startUnit(unit);
        return "";
      case "start":
        for (const unit of units) await this.startUnit(unit);
        return "";
      case "stop":
        for (const unit of units) await this.stop(unit);
        return "";
      case "restart":
        for (const unit of units) {
          await this.stop(unit);
          await this.startUnit(unit);
        }
        return "";
      case "reload":
        for (const unit of units) this.reload(unit);
        return "";
      case "is-active":
        return units.map((unit) => (this.services.has(unit) ? "active" : "inactive")).join("\n") + "\n";
      default:
        throw new Error(`"${verb}" is not stood in for`);
    }
  }

  /** Stops every running unit (each with its KillSignal), then the socket. */
  async stopAll(): Promise<void> {
    for (const unit of [...this.services.keys()]) await this.stop(unit);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private launchOf(unit: string): { launch: ServiceLaunch; reloadSignal?: NodeJS.Signals } {
    const builtIn = this.options.builtIn?.[unit];
    if (builtIn) return builtIn;
    const [name, instance = ""] = unit.replace(/\.service$/, "").split("@");
    const file = path.join(
      this.options.machine,
      "etc/systemd/system",
      instance === "" ? `${name}.service` : `${name}@.service`,
    );
    if (!existsSync(file)) throw new Error(`Unit ${unit}.service not found.`);
    const launch = serviceLaunch(readSystemdUnit(readFileSync(file, "utf8"), instance), (absolute) =>
      path.join(this.options.machine, absolute),
    );
    return { launch };
  }

  private async startUnit(unit: string): Promise<void> {
    if (this.services.has(unit)) return;
    const { launch, reloadSignal } = this.launchOf(unit);
    for (const dir of launch.stateDirectories) mkdirSync(dir, { recursive: true });
    const [program, ...args] = launch.argv;
    const child = spawn(program, args, {
      cwd: launch.cwd,
      env: { PATH: SYSTEMD_PATH, ...launch.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const onExit = () => child.kill("SIGKILL");
    process.once("exit", onExit);
    const append = (chunk: Buffer) => this.journals.set(unit, this.journal(unit) + chunk.toString("utf8"));
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
    const exited = new Promise<ServiceExit>((resolve) =>
      child.once("exit", (code, signal) => {
        process.removeListener("exit", onExit);
        this.history.set(unit, [...this.exits(unit), { code, signal }]);
        if (this.services.get(unit)?.child === child) this.services.delete(unit);
        resolve({ code, signal });
      }),
    );
    // Type=exec: started once the program runs.
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
    this.services.set(unit, { child, launch, exited, reloadSignal });
  }

  private async stop(unit: string): Promise<void> {
    const service = this.services.get(unit);
    if (!service) return;
    service.child.kill(service.launch.killSignal);
    const timer = setTimeout(() => service.child.kill("SIGKILL"), service.launch.timeoutStopMs);
    await service.exited;
    clearTimeout(timer);
  }

  private reload(unit: string): void {
    const service = this.services.get(unit);
    if (!service) throw new Error(`${unit} is not active, cannot reload.`);
    if (!service.reloadSignal) throw new Error(`${unit} has no reload.`);
    service.child.kill(service.reloadSignal);
  }
}
