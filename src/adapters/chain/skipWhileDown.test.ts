import { createPublicClient, custom, fallback, HttpRequestError, RpcRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { skipWhileDown } from "./skipWhileDown";

/** A transport whose every request fails as `fail` says, counting the requests it was sent. */
function countingTransport(fail: () => Error | undefined, answer = "0x1") {
  const counter = { requests: 0 };
  const transport = custom(
    {
      async request() {
        counter.requests += 1;
        const error = fail();
        if (error) throw error;
        return answer;
      },
    },
    { retryCount: 0 },
  );
  return { transport, counter };
}

describe("skipWhileDown inside viem's fallback", () => {
  it("after the primary fails once, reads go straight to the fallback until the cool-down ends", async () => {
    let clock = 1_000;
    const primary = countingTransport(() => new HttpRequestError({ url: "https://provider.example" }), "0x1");
    const backup = countingTransport(() => undefined, "0x2");
    const client = createPublicClient({
      transport: fallback([skipWhileDown(primary.transport, 60_000, () => clock), backup.transport], {
        retryCount: 0,
      }),
    });

    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(2n);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(2n);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(2n);
    expect(primary.counter.requests).toBe(1);
    expect(backup.counter.requests).toBe(3);

    clock += 60_001; // tried again once the cool-down is over
    await client.getBlockNumber({ cacheTime: 0 });
    expect(primary.counter.requests).toBe(2);
  });

  it("a JSON-RPC error is an answer, not an outage: the primary stays in use", async () => {
    let calls = 0;
    const primary = countingTransport(() =>
      ++calls === 1
        ? new RpcRequestError({ body: {}, error: { code: -32000, message: "nonce too low" }, url: "x" })
        : undefined,
    );
    const client = createPublicClient({ transport: skipWhileDown(primary.transport, 60_000, () => 0) });
    await expect(client.getBlockNumber({ cacheTime: 0 })).rejects.toThrow();
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(1n);
    expect(primary.counter.requests).toBe(2);
  });

  it("a JSON-RPC error in a 503, 429 or 403 answer is an outage (the site's gateway answers so); in a 400 or 413, the request's", async () => {
    const refusal = (status: number) =>
      new RpcRequestError({ body: {}, error: { code: -32603, message: "refused" }, status, url: "x" });
    for (const [status, skipped] of [
      [503, true],
      [429, true],
      [403, true],
      [413, false],
      [400, false],
    ] as const) {
      const primary = countingTransport(() => refusal(status));
      const backup = countingTransport(() => undefined, "0x2");
      const client = createPublicClient({
        transport: fallback([skipWhileDown(primary.transport, 60_000, () => 0), backup.transport], {
          retryCount: 0,
        }),
      });
      await client.getBlockNumber({ cacheTime: 0 });
      await client.getBlockNumber({ cacheTime: 0 });
      expect(primary.counter.requests, `status ${status}`).toBe(skipped ? 1 : 2);
    }
  });
});
