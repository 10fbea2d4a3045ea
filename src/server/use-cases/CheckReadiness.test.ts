import { describe, expect, it } from "vitest";
import { NotReadyError, type HealthCheck } from "../ports/HealthCheck";
import { memoryLogger } from "../testing/memoryLogger";
import { CheckReadiness } from "./CheckReadiness";

const check = (name: string, run: () => Promise<void>): HealthCheck & { calls: number } => {
  const counted = {
    name,
    calls: 0,
    check: () => {
      counted.calls += 1;
      return run();
    },
  };
  return counted;
};
const ok = () => Promise.resolve();

describe("CheckReadiness", () => {
  it("is ready when every check answers", async () => {
    const readiness = new CheckReadiness({
      checks: [check("database", ok), check("chain 31337", ok)],
      logger: memoryLogger(),
    });
    expect(await readiness.execute()).toEqual({
      ready: true,
      checks: { database: "ok", "chain 31337": "ok" },
    });
  });

  it("names what is down: a NotReadyError in its own words, anything else as unavailable (details logged)", async () => {
    const logger = memoryLogger();
    const readiness = new CheckReadiness({
      checks: [
        check("database", () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.7:5432"))),
        check("chain 31337", () => Promise.reject(new NotReadyError("answers chain id 1, expected 31337"))),
        check("chain 11155111", ok),
      ],
      logger,
    });
    expect(await readiness.execute()).toEqual({
      ready: false,
      shuttingDown: false,
      down: { database: "unavailable", "chain 31337": "answers chain id 1, expected 31337" },
    });
    expect(logger.lines).toContainEqual({
      level: "warn",
      message: "Readiness check failed",
      fields: { check: "database", reason: "connect ECONNREFUSED 10.0.0.7:5432" },
    });
  });

  it("counts a check that does not answer in time as down", async () => {
    const readiness = new CheckReadiness({
      checks: [check("chain 31337", () => new Promise<void>(() => undefined))],
      logger: memoryLogger(),
      timeoutMs: 20,
    });
    expect(await readiness.execute()).toEqual({
      ready: false,
      shuttingDown: false,
      down: { "chain 31337": "no answer within 20 ms" },
    });
  });

  it("answers a burst from one round of checks, and asks again once the report is older than reuseMs", async () => {
    const clock = { now: 0 };
    const database = check("database", ok);
    const readiness = new CheckReadiness({
      checks: [database],
      logger: memoryLogger(),
      reuseMs: 1_000,
      now: () => clock.now,
    });
    await Promise.all(Array.from({ length: 20 }, () => readiness.execute()));
    clock.now = 999;
    await readiness.execute();
    expect(database.calls).toBe(1);
    clock.now = 1_000;
    await readiness.execute();
    expect(database.calls).toBe(2);
  });

  it("is not ready from the moment shutdown begins, without asking anyone", async () => {
    const database = check("database", ok);
    const readiness = new CheckReadiness({ checks: [database], logger: memoryLogger(), reuseMs: 60_000 });
    expect((await readiness.execute()).ready).toBe(true);
    readiness.beginShutdown();
    expect(await readiness.execute()).toEqual({
      ready: false,
      shuttingDown: true,
      down: { server: "shutting down" },
    });
    expect(database.calls).toBe(1);
  });
});
