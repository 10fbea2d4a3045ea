import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import type { ApiEnv } from "./ApiEnv";
import { MemoryRateLimiter } from "../adapters/MemoryRateLimiter";
import { indexerProxy } from "./indexerProxy";
import { RATE_LIMIT_POLICIES } from "./rateLimitPolicies";

function appWith(fetchFn: typeof fetch) {
  const app = new Hono<ApiEnv>();
  app.use(requestId());
  app.route("/indexer", indexerProxy("http://127.0.0.1:42069/", fetchFn));
  return app;
}

describe("indexerProxy (/indexer on the site's origin)", () => {
  it("passes a GET to the indexer without the prefix, query kept, no cookie forwarded, CORS header dropped", async () => {
    const seen: Request[] = [];
    const app = appWith((async (request: Request) => {
      seen.push(request);
      return Response.json({ ok: true }, { headers: { "access-control-allow-origin": "*" } });
    }) as typeof fetch);
    const response = await app.request("/indexer/activity?chainId=31337&account=0xabc", {
      headers: { cookie: "poo_session=secret" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(seen[0]!.url).toBe("http://127.0.0.1:42069/activity?chainId=31337&account=0xabc");
    expect(seen[0]!.headers.get("cookie")).toBeNull();
  });

  it("says the indexer is down (502) or slow (504) in a sentence, and refuses other methods", async () => {
    const down = appWith((async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch);
    const refused = await down.request("/indexer/activity");
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ error: "The activity indexer is not answering right now." });

    const slow = appWith((async () => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    }) as typeof fetch);
    expect((await slow.request("/indexer/activity")).status).toBe(504);

    const post = await down.request("/indexer/activity", { method: "POST" });
    expect(post.status).toBe(405);
  });

  it("passes only the two public routes; counts each outcome", async () => {
    const outcomes: string[] = [];
    let asked = 0;
    let answer: () => Response = () => Response.json({});
    const app = new Hono<ApiEnv>();
    app.use(requestId());
    app.route(
      "/indexer",
      indexerProxy(
        "http://127.0.0.1:42069",
        (async () => {
          asked++;
          return answer();
        }) as typeof fetch,
        undefined,
        (outcome) => outcomes.push(outcome),
      ),
    );
    // Ponder's operator routes are not the browser's.
    for (const path of ["/indexer/metrics", "/indexer/status", "/indexer/ready", "/indexer/"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found." });
    }
    expect(asked).toBe(0);
    expect(outcomes).toEqual([]);

    await app.request("/indexer/head?chainId=31337");
    answer = () => Response.json({ error: "account must be an address" }, { status: 400 });
    await app.request("/indexer/activity?chainId=31337&account=0x12");
    answer = () => new Response("", { status: 503 });
    await app.request("/indexer/activity?chainId=31337&account=0x12");
    answer = () => {
      throw new TypeError("fetch failed");
    };
    await app.request("/indexer/head?chainId=31337");
    answer = () => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    };
    await app.request("/indexer/head?chainId=31337");
    expect(outcomes).toEqual(["ok", "refused", "failed", "unreachable", "timeout"]);
  });

  it("limits each client like the other read routes (429 past its limit), before the indexer is asked", async () => {
    let asked = 0;
    const app = new Hono<ApiEnv>();
    app.use(requestId());
    const policies = {
      ...RATE_LIMIT_POLICIES,
      indexerByClient: { name: "indexer-ip", limit: 2, windowMs: 60_000 },
    };
    app.route(
      "/indexer",
      indexerProxy(
        "http://127.0.0.1:42069",
        (async () => {
          asked++;
          return Response.json({});
        }) as typeof fetch,
        { readLimiter: new MemoryRateLimiter(), policies, clientAddress: () => "203.0.113.9", now: Date.now },
      ),
    );
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.request("/indexer/head?chainId=31337")).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(asked).toBe(2);
  });
});
