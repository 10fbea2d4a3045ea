import { describe, expect, it, vi } from "vitest";
import { NotReadyError, type HealthCheck } from "../ports/HealthCheck";
import { memoryLogger } from "../testing/memoryLogger";
import { WatchDependencies } from "./WatchDependencies";

function switchable(name: string) {
  const state: { fail?: Error; calls: number } = { calls: 0 };
  const check: HealthCheck = {
    name,
    check: async () => {
      state.calls += 1;
      if (state.fail) throw state.fail;
    },
  };
  return { check, state };
}

describe("WatchDependencies", () => {
  it("reports each dependency's last state, logs when one goes down and when it is back, not per check", async () => {
    const clock = { now: Date.parse("2026-11-28T10:00:00.000Z") };
    const logger = memoryLogger();
    const chain = switchable("chain 11155111");
    const database = switchable("database");
    const outcomes: Array<[string, boolean]> = [];
    const watch = new WatchDependencies({
      checks: [database.check, chain.check],
      readinessChecks: ["database"],
      logger,
      now: () => clock.now,
      onResult: (name, up) => outcomes.push([name, up]),
    });
    expect(watch.report()).toEqual({
      database: { status: "unknown", reason: "not checked yet" },
      "chain 11155111": { status: "unknown", reason: "not checked yet" },
    });

    chain.state.fail = new Error("fetch failed: https://sepolia.example/v2/SECRETKEY");
    await watch.checkNow();
    clock.now += 15_000;
    await watch.checkNow();
    expect(watch.report()).toEqual({
      database: { status: "ok" },
      // Public words only: the URL (and its key) stays in the log line's reason.
      "chain 11155111": { status: "down", reason: "unavailable", since: "2026-11-28T10:00:00.000Z" },
    });
    expect(logger.lines).toEqual([
      {
        level: "warn",
        message: "Dependency down: chain 11155111 (this instance stays ready)",
        fields: {
          dependency: "chain 11155111",
          reason: "fetch failed: https://sepolia.example/v2/SECRETKEY",
        },
      },
    ]);

    chain.state.fail = undefined;
    database.state.fail = new NotReadyError("schema at version 2, this server needs 3");
    clock.now += 45_000;
    await watch.checkNow();
    expect(watch.report()).toEqual({
      database: {
        status: "down",
        reason: "schema at version 2, this server needs 3",
        since: "2026-11-28T10:01:00.000Z",
      },
      "chain 11155111": { status: "ok" },
    });
    expect(logger.lines.slice(1).map((line) => [line.level, line.message, line.fields])).toEqual([
      [
        "warn",
        "Dependency down: database (/api/ready answers 503)",
        { dependency: "database", reason: "schema at version 2, this server needs 3" },
      ],
      ["info", "Dependency back: chain 11155111", { dependency: "chain 11155111", downSeconds: 60 }],
    ]);
    expect(outcomes).toEqual([
      ["database", true],
      ["chain 11155111", false],
      ["database", true],
      ["chain 11155111", false],
      ["database", false],
      ["chain 11155111", true],
    ]);
  });

  it("bounds each check and never runs two rounds at once", async () => {
    let calls = 0;
    const hanging: HealthCheck = {
      name: "chain 31337",
      check: () => {
        calls += 1;
        return new Promise<void>(() => undefined);
      },
    };
    const watch = new WatchDependencies({ checks: [hanging], logger: memoryLogger(), timeoutMs: 30 });
    await Promise.all([watch.checkNow(), watch.checkNow(), watch.checkNow()]);
    expect(calls).toBe(1);
    expect(watch.report()["chain 31337"]).toMatchObject({ status: "down", reason: "no answer within 30 ms" });
  });

  it("checks at once when started and again every interval, until stopped", async () => {
    vi.useFakeTimers();
    try {
      const chain = switchable("chain 31337");
      const watch = new WatchDependencies({
        checks: [chain.check],
        logger: memoryLogger(),
        intervalMs: 15_000,
      });
      watch.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(chain.state.calls).toBe(1);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(chain.state.calls).toBe(3);
      watch.stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(chain.state.calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
