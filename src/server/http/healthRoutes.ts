import { Hono } from "hono";
import type { CheckReadiness } from "../use-cases/CheckReadiness";
import type { DependencyState } from "../use-cases/WatchDependencies";
import type { ApiEnv } from "./ApiEnv";

/**
 * GET /api/health: 200 while the process runs (liveness: restart it when this fails), with the last
 * known state of each dependency (chain RPCs, the price source, the database), read from memory:
 * it never waits for anyone, and no dependency's state changes its status.
 * GET /api/ready: 200 when this instance can serve (its database answers with a current schema), 503
 * naming what is down, and 503 from the moment a shutdown begins (readiness: send it traffic only on
 * 200). Chain RPCs and the price source never make it 503: every instance shares them.
 */
export function healthRoutes(
  readiness: CheckReadiness,
  dependencies: () => Record<string, DependencyState> = () => ({}),
): Hono<ApiEnv> {
  return new Hono<ApiEnv>()
    .get("/health", (c) => c.json({ status: "ok", dependencies: dependencies() }))
    .get("/ready", async (c) => {
      const report = await readiness.execute();
      if (report.ready) return c.json({ status: "ready", checks: report.checks });
      return c.json({ status: report.shuttingDown ? "shutting down" : "not ready", down: report.down }, 503);
    });
}
