import { describe, expect, it } from "vitest";
import { BlockPacer } from "./blockPacer";

const BLOCK = 12_000;

/**
 * A chain making a block every 12 s from t=0 (timestamps `skewMs` behind the browser's clock) and
 * a page that reads whenever the pacer says: the reads made over `durationMs`, and how many saw a
 * block for the first time.
 */
function simulate(options: {
  skewMs: number;
  durationMs: number;
  firstReadMs: number;
  latencyMs?: number;
  /** Reads before this moment are not counted (the pacer learning when blocks show). */
  warmUpMs?: number;
}) {
  const pacer = new BlockPacer({ blockTimeMs: BLOCK });
  const latency = options.latencyMs ?? 80;
  let now = options.firstReadMs;
  let reads = 0;
  let newBlocks = 0;
  let seen = -1n;
  const staleness: number[] = [];
  while (now < options.durationMs) {
    const readAtMs = now + latency;
    // The node has the blocks made up to the moment it answers (chain time = wall time - skew).
    const blockNumber = BigInt(Math.floor((readAtMs - options.skewMs) / BLOCK));
    const blockTimestamp = (blockNumber * BigInt(BLOCK)) / 1000n;
    if (readAtMs >= (options.warmUpMs ?? 0)) reads += 1;
    if (blockNumber > seen) {
      newBlocks += 1;
      if (readAtMs >= (options.warmUpMs ?? 0))
        staleness.push(readAtMs - options.skewMs - Number(blockNumber) * BLOCK);
      seen = blockNumber;
    }
    now = readAtMs + pacer.delayAfter({ blockNumber, blockTimestamp, readAtMs });
  }
  // The first block is seen whenever the page happened to load; after that the pacer decides.
  return { reads, newBlocks, maxStalenessMs: Math.max(...staleness.slice(1)) };
}

describe("BlockPacer", () => {
  it("with 12-second blocks reads once per block, soon after each block (5 reads a minute)", () => {
    const { reads, newBlocks, maxStalenessMs } = simulate({
      skewMs: 0,
      durationMs: 10 * 60_000,
      firstReadMs: 5_000,
    });
    expect(newBlocks).toBeGreaterThanOrEqual(49);
    expect(reads).toBeLessThanOrEqual(51); // 10 minutes: 50 blocks
    expect(maxStalenessMs).toBeLessThan(1_500 + 80);
  });

  it("learns within a minute when blocks show when the browser's clock is off, then reads once per block", () => {
    for (const skewMs of [-7_000, -2_500, 3_000, 9_000, 20_000, 30_000]) {
      const { reads, maxStalenessMs } = simulate({
        skewMs,
        durationMs: 11 * 60_000,
        firstReadMs: 1_000,
        warmUpMs: 60_000,
      });
      expect(reads, `skew ${skewMs} ms`).toBeLessThanOrEqual(51); // 10 minutes counted: 50 blocks
      // A browser clock behind the chain's makes blocks look late, never early: reads stay one per
      // block but come up to the skew after the block (never more than a block time).
      expect(maxStalenessMs, `skew ${skewMs} ms`).toBeLessThan(skewMs >= 0 ? 2_500 : BLOCK);
    }
  });

  /** The delays the pacer gives for `count` reads that all see block 7, made at `blockTimestamp`. */
  function delaysOnOneBlock(blockTimestamp: bigint, firstReadAtMs: number, count: number): number[] {
    const pacer = new BlockPacer({ blockTimeMs: BLOCK });
    const delays: number[] = [];
    let readAtMs = firstReadAtMs;
    for (let i = 0; i < count; i++) {
      const delay = pacer.delayAfter({ blockNumber: 7n, blockTimestamp, readAtMs });
      delays.push(delay);
      readAtMs += delay;
    }
    return delays;
  }

  it("on an idle chain (its last block minutes old) waits a block time after the page's first read, then backs off to one read per block time", () => {
    // An automining local chain nobody sends to: the page's first read is not followed by another a
    // second later (a connected load makes one snapshot read).
    expect(delaysOnOneBlock(100n, 1_000_000, 7)).toEqual([
      12_000, 1_000, 2_000, 4_000, 8_000, 12_000, 12_000,
    ]);
  });

  it("when the next block is late, looks again after 1, 2, 4 and 8 s, then once per block time", () => {
    // Block at 100 s, the next one due at 112 s, read at 113.5 s: late by half a second.
    expect(delaysOnOneBlock(100n, 113_500, 7)).toEqual([1_000, 1_000, 2_000, 4_000, 8_000, 12_000, 12_000]);
  });

  it("when an idle chain starts making blocks again, reads just after each of them", () => {
    const pacer = new BlockPacer({ blockTimeMs: BLOCK });
    expect(pacer.delayAfter({ blockNumber: 7n, blockTimestamp: 100n, readAtMs: 600_000 })).toBe(12_000);
    // Block 8 at 605 s, seen by the read at 612 s: the next read comes 1 s after block 9 is due (617 s).
    expect(pacer.delayAfter({ blockNumber: 8n, blockTimestamp: 605n, readAtMs: 612_000 })).toBe(6_000);
  });

  it("gives the same delay for the same reading however often it is asked", () => {
    const pacer = new BlockPacer({ blockTimeMs: BLOCK });
    const reading = { blockNumber: 5n, blockTimestamp: 60n, readAtMs: 63_000 };
    const first = pacer.delayAfter(reading);
    expect(pacer.delayAfter(reading)).toBe(first);
    expect(pacer.delayAfter(reading)).toBe(first);
    // Block 5 at 60 s, the next expected at 72 s, read 1 s after it.
    expect(first).toBe(72_000 + 1_000 - 63_000);
  });
});
