import { describe, expect, it } from "vitest";
import { isRangeTooLarge, pagedLogs } from "./pagedLogs";

/** A node that refuses ranges wider than `cap` blocks and returns each block number as a "log". */
function cappedNode(cap: bigint, message = "block range is too large") {
  const calls: Array<[bigint, bigint]> = [];
  const getLogs = async (from: bigint, to: bigint): Promise<bigint[]> => {
    calls.push([from, to]);
    if (to - from + 1n > cap)
      throw Object.assign(new Error("RPC Request failed."), { cause: new Error(message) });
    const blocks: bigint[] = [];
    for (let b = from; b <= to; b++) blocks.push(b);
    return blocks;
  };
  return { calls, getLogs };
}

describe("pagedLogs", () => {
  it("reads the whole span in ranges of at most maxRange blocks", async () => {
    const node = cappedNode(1000n);
    const { logs, range } = await pagedLogs(0n, 24n, 10n, node.getLogs);
    expect(range).toBe(10n);
    expect(logs).toEqual(Array.from({ length: 25 }, (_, i) => BigInt(i)));
    expect(node.calls).toEqual([
      [0n, 9n],
      [10n, 19n],
      [20n, 24n],
    ]);
  });

  it("halves the range when the provider refuses it, keeps the smaller range, and still gets everything", async () => {
    const node = cappedNode(3n, "query exceeds max block range 3");
    const { logs, range } = await pagedLogs(100n, 119n, 16n, node.getLogs);
    expect(range).toBe(2n);
    expect(logs).toEqual(Array.from({ length: 20 }, (_, i) => 100n + BigInt(i)));
    // 16 refused, 8 refused, 4 refused, then 2-block ranges to the end
    expect(node.calls.slice(0, 4)).toEqual([
      [100n, 115n],
      [100n, 107n],
      [100n, 103n],
      [100n, 101n],
    ]);
    expect(node.calls.every(([from, to]) => to - from + 1n <= 16n)).toBe(true);
  });

  it("passes on other errors, and a refusal of a single block", async () => {
    const broken = async (): Promise<never[]> => {
      throw new Error("connection refused");
    };
    await expect(pagedLogs(0n, 10n, 5n, broken)).rejects.toThrow("connection refused");
    await expect(pagedLogs(0n, 10n, 5n, cappedNode(0n).getLogs)).rejects.toThrow("RPC Request failed.");
  });

  it("reads nothing for an empty span", async () => {
    const node = cappedNode(10n);
    expect((await pagedLogs(5n, 4n, 10n, node.getLogs)).logs).toEqual([]);
    expect(node.calls).toEqual([]);
  });
});

describe("isRangeTooLarge", () => {
  it.each([
    "block range is too large",
    "query returned more than 10000 results",
    "exceed maximum block range: 5000",
    "Log response size exceeded.",
    "eth_getLogs is limited to a 10,000 range",
    "range too large, max is 1000 blocks",
  ])("knows %j", (message) => {
    expect(isRangeTooLarge(new Error("RPC Request failed.", { cause: new Error(message) }))).toBe(true);
  });

  it("knows code -32005 and nothing else", () => {
    expect(isRangeTooLarge({ code: -32005, message: "limit exceeded" })).toBe(true);
    expect(isRangeTooLarge(new Error("execution reverted"))).toBe(false);
    expect(isRangeTooLarge(new Error("fetch failed"))).toBe(false);
    expect(isRangeTooLarge(undefined)).toBe(false);
  });
});
