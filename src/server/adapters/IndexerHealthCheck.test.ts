import { describe, expect, it } from "vitest";
import { NotReadyError } from "../ports/HealthCheck";
import { runHealthCheck } from "../use-cases/runHealthCheck";
import { IndexerHealthCheck } from "./IndexerHealthCheck";

/** Ponder's /status for one chain indexed to `block`. */
const status = (block: number, chainId = 31337) =>
  Response.json({ chain: { id: chainId, block: { number: block, timestamp: 1_700_000_000 } } });

function checkWith(answer: () => Response | Promise<Response>, head: bigint | null = 10_000n) {
  const lags: Array<Record<number, number>> = [];
  const asked: string[] = [];
  const check = new IndexerHealthCheck({
    indexerUrl: "http://127.0.0.1:42069/",
    chainHead: async () => head ?? undefined,
    onLag: (lag) => lags.push(Object.fromEntries(lag)),
    fetch: (async (url: string) => {
      asked.push(url);
      return answer();
    }) as typeof fetch,
  });
  return { check, lags, asked };
}

describe("IndexerHealthCheck (the activity indexer in /api/health)", () => {
  it("is up when /status answers and the indexer is within the app's chain tail; the lag is reported", async () => {
    const { check, lags, asked } = checkWith(() => status(9_990));
    expect(check.name).toBe("indexer");
    await expect(check.check()).resolves.toBeUndefined();
    expect(asked).toEqual(["http://127.0.0.1:42069/status"]);
    expect(lags).toEqual([{ 31337: 10 }]);
  });

  it("is down, in public words, further behind than the app reads from the chain (a backfill)", async () => {
    const { check, lags } = checkWith(() => status(4_999));
    const outcome = await runHealthCheck(check, 1_000);
    expect(outcome).toEqual({
      ok: false,
      reason: "5001 blocks behind chain 31337",
      detail: "5001 blocks behind chain 31337",
    });
    expect(lags).toEqual([{ 31337: 5_001 }]);
    // 5,000 behind is what the app still covers from the chain.
    await expect(checkWith(() => status(5_000)).check.check()).resolves.toBeUndefined();
  });

  it("is down when it does not answer, answers an error or has indexed nothing; the lag is then unknown", async () => {
    const unreachable = checkWith(() => {
      throw new TypeError("fetch failed");
    });
    expect(await runHealthCheck(unreachable.check, 1_000)).toEqual({
      ok: false,
      reason: "unavailable",
      detail: "fetch failed",
    });
    expect(unreachable.lags).toEqual([{}]);

    const failing = checkWith(() => new Response("", { status: 503 }));
    await expect(failing.check.check()).rejects.toThrow(new NotReadyError("answers 503"));
    const empty = checkWith(() => Response.json({}));
    await expect(empty.check.check()).rejects.toThrow(new NotReadyError("has indexed no block yet"));
  });

  it("is up without a lag when the chain's head cannot be read (the chain is reported on its own)", async () => {
    const { check, lags } = checkWith(() => status(1), null);
    await expect(check.check()).resolves.toBeUndefined();
    expect(lags).toEqual([{}]);
  });
});
