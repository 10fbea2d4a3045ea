import type { HealthCheck } from "../ports/HealthCheck";
import type { Logger } from "../ports/Logger";
import { runHealthCheck } from "./runHealthCheck";

export type ReadinessReport =
  | { ready: true; checks: Record<string, "ok"> }
  | { ready: false; shuttingDown: boolean; down: Record<string, string> };

export type CheckReadinessDeps = {
  checks: readonly HealthCheck[];
  logger: Logger;
  /** A check that has not answered by then is down. */
  timeoutMs?: number;
  /**
   * A report this young is answered again without asking anyone: /api/ready is public, and a flood of
   * it must not become a flood on the database and the RPC providers.
   */
  reuseMs?: number;
  now?: () => number;
  /** Told each check's outcome (the dependency gauges). */
  onResult?: (name: string, up: boolean) => void;
};

/**
 * Whether this instance can serve its users (a load balancer's readiness check): what it cannot serve
 * without (its database, with a current schema) answers, and it is not shutting down. Checks run side
 * by side, each bounded. Dependencies that every instance shares and that only some requests need
 * (chain RPCs, the price source) are not checks here: one provider's outage would take every instance
 * out of rotation at once (WatchDependencies reports them instead).
 */
export class CheckReadiness {
  private stopping = false;
  private last: { at: number; report: Promise<ReadinessReport> } | undefined;

  constructor(private readonly deps: CheckReadinessDeps) {}

  /** From now on the instance is not ready: it is draining its requests before it exits. */
  beginShutdown(): void {
    this.stopping = true;
  }

  execute(): Promise<ReadinessReport> {
    if (this.stopping) {
      return Promise.resolve({ ready: false, shuttingDown: true, down: { server: "shutting down" } });
    }
    const now = (this.deps.now ?? Date.now)();
    if (this.last && now - this.last.at < (this.deps.reuseMs ?? 1_000)) return this.last.report;
    const report = this.run();
    this.last = { at: now, report };
    return report;
  }

  private async run(): Promise<ReadinessReport> {
    const timeoutMs = this.deps.timeoutMs ?? 3_000;
    const results = await Promise.all(
      this.deps.checks.map(async (check) => {
        const outcome = await runHealthCheck(check, timeoutMs);
        this.deps.onResult?.(check.name, outcome.ok);
        if (outcome.ok) return { name: check.name, reason: undefined };
        this.deps.logger.warn("Readiness check failed", { check: check.name, reason: outcome.detail });
        return { name: check.name, reason: outcome.reason };
      }),
    );
    const down = results.filter((result) => result.reason !== undefined);
    if (down.length > 0) {
      return {
        ready: false,
        shuttingDown: false,
        down: Object.fromEntries(down.map((result) => [result.name, result.reason ?? ""])),
      };
    }
    return { ready: true, checks: Object.fromEntries(results.map((result) => [result.name, "ok" as const])) };
  }
}
