import { Hono } from "hono";
import type { CheckReadiness } from "../use-cases/CheckReadiness";
import type { ApiEnv } from "./ApiEnv";

/**
 * GET /api/health: 200 while the process runs (liveness: restart it when this fails).
 * GET /api/ready: 200 when the database and every chain RPC answer as they should, 503 naming what is
 * down, and 503 from the moment a shutdown begins (readiness: send it traffic only on 200).
 */
export function healthRoutes(readiness: CheckReadiness): Hono<ApiEnv> {
  return new Hono<ApiEnv>()
    .get("/health", (c) => c.json({ status: "ok" }))
    .get("/ready", async (c) => {
      const report = await readiness.execute();
      if (report.ready) return c.json({ status: "ready", checks: report.checks });
      return c.json({ status: report.shuttingDown ? "shutting down" : "not ready", down: report.down }, 503);
    });
}
