import { describe, expect, it } from "vitest";
import type { BalanceReader } from "../ports/BalanceReader";
import { alice } from "../testing/hardhatAccounts";
import { metricValue } from "../testing/metricValue";
import { createTestApi, errorOf } from "../testing/testApi";
import { ANSWER_DEADLINE_MESSAGE } from "./answerDeadline";

const DEADLINE_MS = 200;
const never = <T>(): Promise<T> => new Promise<T>(() => {});

/** A chain RPC that accepted the connection and never answers (a provider stalled, a host gone). */
const silentChain: BalanceReader = {
  pooBalanceOf: () => never(),
  latestBlock: () => never(),
  pooBalancesAt: () => never(),
};

describe("the answer deadline", () => {
  it("answers 503 with Retry-After when a dependency stays silent, before nginx would give up", async () => {
    const api = createTestApi({
      answerDeadlineMs: DEADLINE_MS,
      balanceReader: silentChain,
      priceSource: { fetchPooUsd: () => never() },
    });
    const cookie = await api.signIn(alice);
    for (const [method, path, body] of [
      ["PUT", "/api/launches/crap/registration", { amountEth: "0.5" }],
      ["GET", "/api/price/poo"],
    ] as const) {
      const startedAt = performance.now();
      const response = await api.request(method, path, body, { cookie });
      const tookMs = performance.now() - startedAt;
      expect({
        route: `${method} ${path}`,
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
      }).toEqual({
        route: `${method} ${path}`,
        status: 503,
        retryAfter: "2",
      });
      expect(await errorOf(response)).toBe(ANSWER_DEADLINE_MESSAGE);
      // The deadline, not the dependency, ended the wait (the bound is loose: the machine is shared).
      expect(tookMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
      expect(tookMs).toBeLessThan(DEADLINE_MS + 2_000);
    }
    // Nothing was registered, and the instance still answers what needs none of them.
    expect((await api.request("GET", "/api/launches/crap/registration", undefined, { cookie })).status).toBe(
      404,
    );
    expect((await api.request("GET", "/api/health")).status).toBe(200);
    expect(await metricValue(api.metrics, "poo_answer_deadline_exceeded_total")).toBe(2);
    expect(api.logger.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("leaves a request that finishes in time alone", async () => {
    const api = createTestApi({ answerDeadlineMs: DEADLINE_MS });
    const response = await api.request("GET", "/api/price/poo");
    expect(response.status).toBe(200);
    expect(await metricValue(api.metrics, "poo_answer_deadline_exceeded_total")).toBe(0);
  });
});
