import { afterEach, describe, expect, it } from "vitest";
import { NotReadyError } from "../ports/HealthCheck";
import { startFakeRpc, type FakeHttpService } from "../testing/fakeHttpService";
import { ChainIdHealthCheck } from "./ChainIdHealthCheck";
import { PublicClientPool } from "./PublicClientPool";

describe("ChainIdHealthCheck", () => {
  let rpc: FakeHttpService | undefined;
  afterEach(async () => {
    await rpc?.close();
    rpc = undefined;
  });
  const checkAgainst = (url: string) => {
    const pool = new PublicClientPool({ 31337: url });
    return new ChainIdHealthCheck(31337, () => pool.get(31337));
  };

  it("passes when the RPC answers eth_chainId with the expected chain", async () => {
    rpc = await startFakeRpc((method) => (method === "eth_chainId" ? { result: "0x7a69" } : undefined));
    const check = checkAgainst(rpc.url);
    expect(check.name).toBe("chain 31337");
    await expect(check.check()).resolves.toBeUndefined();
  });

  it("fails in public words when the RPC serves another chain", async () => {
    rpc = await startFakeRpc(() => ({ result: "0x1" }));
    const failure = checkAgainst(rpc.url).check();
    await expect(failure).rejects.toBeInstanceOf(NotReadyError);
    await expect(failure).rejects.toThrow("answers chain id 1, expected 31337");
  });

  it("fails without repeating the RPC URL when the RPC errs", async () => {
    rpc = await startFakeRpc(() => ({ httpStatus: 502 }));
    const failure = await checkAgainst(`${rpc.url}/v2/PROVIDERKEY`)
      .check()
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    expect(failure?.message).toMatch(/^HTTP request failed\./);
    expect(failure?.message).not.toContain("PROVIDERKEY");
  });
});
