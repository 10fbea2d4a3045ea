import type { HealthCheck } from "../ports/HealthCheck";
import type { Logger } from "../ports/Logger";
import { runHealthCheck } from "./runHealthCheck";

/** What is known of one dependency: its status, why it is down (public words), since when. */
export type DependencyState =
  | { status: "ok" }
  | { status: "down"; reason: string; since: string }
  | { status: "unknown"; reason: string };

export type WatchDependenciesDeps = {
  /** Asked every intervalMs (chain RPCs: eth_chainId; the database). */
  checks: readonly HealthCheck[];
  /** The names of those that /api/ready also checks (the database): their log line says so. */
  readinessChecks?: readonly string[];
  logger: Logger;
  now?: () => number;
  intervalMs?: number;
  timeoutMs?: number;
  /** Told each check's outcome (the dependency gauges). */
  onResult?: (name: string, up: boolean) => void;
};

/**
 * Reports dependencies without making readiness depend on them (chain RPCs: every instance shares
 * them, so one provider's outage would otherwise empty the pool at once): checked in the background,
 * each bounded, their states in GET /api/health and the metrics, a log line when one goes down and
 * when it comes back (not one per check).
 */
export class WatchDependencies {
  private readonly states = new Map<string, DependencyState>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private round: Promise<void> | undefined;

  constructor(private readonly deps: WatchDependenciesDeps) {
    for (const check of deps.checks)
      this.states.set(check.name, { status: "unknown", reason: "not checked yet" });
  }

  /** Checks now, then every intervalMs (15 s by default) until stop(); never keeps the process alive. */
  start(): void {
    if (this.timer) return;
    void this.checkNow();
    this.timer = setInterval(() => void this.checkNow(), this.deps.intervalMs ?? 15_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One round of checks (a round still running is joined, not doubled). */
  checkNow(): Promise<void> {
    this.round ??= this.runRound().finally(() => {
      this.round = undefined;
    });
    return this.round;
  }

  /** The last known state of each dependency, without asking anyone. */
  report(): Record<string, DependencyState> {
    return Object.fromEntries(this.states);
  }

  private async runRound(): Promise<void> {
    const timeoutMs = this.deps.timeoutMs ?? 3_000;
    await Promise.all(
      this.deps.checks.map(async (check) => {
        const outcome = await runHealthCheck(check, timeoutMs);
        this.deps.onResult?.(check.name, outcome.ok);
        const before = this.states.get(check.name);
        const now = (this.deps.now ?? Date.now)();
        if (outcome.ok) {
          this.states.set(check.name, { status: "ok" });
          if (before?.status === "down") {
            const downSeconds = Math.round((now - Date.parse(before.since)) / 1000);
            this.deps.logger.info(`Dependency back: ${check.name}`, { dependency: check.name, downSeconds });
          }
          return;
        }
        const since = before?.status === "down" ? before.since : new Date(now).toISOString();
        this.states.set(check.name, { status: "down", reason: outcome.reason, since });
        if (before?.status !== "down") {
          const effect = this.deps.readinessChecks?.includes(check.name)
            ? "/api/ready answers 503"
            : "this instance stays ready";
          this.deps.logger.warn(`Dependency down: ${check.name} (${effect})`, {
            dependency: check.name,
            reason: outcome.detail,
          });
        }
      }),
    );
  }
}
