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
  it("with 12-second blocks reads once per block, soon after each block once it has seen a few (5 reads a minute)", () => {
    const { reads, newBlocks, maxStalenessMs } = simulate({
      skewMs: 0,
      durationMs: 10 * 60_000,
      firstReadMs: 5_000,
      warmUpMs: 30_000,
    });
    expect(newBlocks).toBeGreaterThanOrEqual(47);
    expect(reads).toBeLessThanOrEqual(49); // 9.5 minutes counted: 47 or 48 blocks
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

  it("while it learns when blocks show, a page's first minute costs at most two reads more than the blocks it sees", () => {
    // Connecting starts a page's pacer; the first minute is what a crowd arriving together costs the RPC.
    const extras: number[] = [];
    for (const skewMs of [-7_000, -2_500, 0, 2_000, 3_300, 6_000, 9_000, 20_000, 621_000]) {
      for (let phaseMs = 0; phaseMs < BLOCK; phaseMs += 500) {
        const firstReadMs = 1_000_000 + phaseMs;
        const { reads, newBlocks } = simulate({ skewMs, durationMs: firstReadMs + 60_000, firstReadMs });
        // The first read sees a block; the others are the pacer's.
        extras.push(reads - newBlocks);
        expect(
          reads - newBlocks,
          `skew ${skewMs} ms, first read ${phaseMs} ms into a block`,
        ).toBeLessThanOrEqual(2);
      }
    }
    const mean = extras.reduce((sum, e) => sum + e, 0) / extras.length;
    // Most pages cost less: a clock that is right (or ahead of the chain's) costs none.
    expect(mean).toBeLessThan(1);
  });

  it("a slot that stays empty costs one read: the next is at the following slot", () => {
    // A proof-of-stake chain skips a slot now and then: block 60 (at 720 s) is never made.
    const pacer = new BlockPacer({ blockTimeMs: BLOCK });
    const readsAt: number[] = [];
    let now = 600_000 + 5_000;
    while (now < 900_000) {
      const readAtMs = now + 80;
      let slot = Math.floor(readAtMs / BLOCK);
      if (slot === 60) slot = 59;
      const blockNumber = BigInt(slot > 60 ? slot - 1 : slot);
      if (readAtMs > 662_000 && readAtMs < 800_000) readsAt.push(readAtMs);
      now =
        readAtMs + pacer.delayAfter({ blockNumber, blockTimestamp: BigInt((slot * BLOCK) / 1000), readAtMs });
    }
    // 662-800 s: blocks at 672, 684, 696, 708, 732, 744, 756, 768, 780, 792 s (10), plus one look for 720 s.
    expect(readsAt).toHaveLength(11);
    // The look after the empty slot comes just after the next one (732 s), not in between.
    expect(readsAt.filter((t) => t > 722_000 && t < 732_000)).toEqual([]);
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

  it("on an idle chain (its last block minutes old) reads once per block time", () => {
    // An automining local chain nobody sends to: the page's first read is not followed by another a
    // second later (a connected load makes one snapshot read).
    expect(delaysOnOneBlock(100n, 1_000_000, 7)).toEqual([
      12_000, 13_000, 12_000, 12_000, 12_000, 12_000, 12_000,
    ]);
  });

  it("when the next block is not there, looks again when it would show at the latest, then once per slot", () => {
    // Block at 100 s, the next one due at 112 s, the first read at 113.5 s: blocks show 13.5 s after
    // their timestamp at the latest, so a look at 114.5 s that misses block 8 is followed by one at
    // 125.5 s; when that misses too, slot 112 s stayed empty: the next look is just after slot 136 s.
    expect(delaysOnOneBlock(100n, 113_500, 5)).toEqual([1_000, 11_000, 11_500, 12_000, 12_000]);
  });

  it("when an idle chain starts making blocks again, reads just after each of them", () => {
    const pacer = new BlockPacer({ blockTimeMs: BLOCK });
    expect(pacer.delayAfter({ blockNumber: 7n, blockTimestamp: 100n, readAtMs: 600_000 })).toBe(12_000);
    // Block 8 at 605 s, seen by the read at 612 s, 7 s after it: block 9 is due at 617 s, and shows
    // 7 s after at the latest; the next read steps down from there by 2 s (622 s), then 3 s after
    // block 10 (629 + 3 s), then 1 s after each.
    expect(pacer.delayAfter({ blockNumber: 8n, blockTimestamp: 605n, readAtMs: 612_000 })).toBe(10_000);
    expect(pacer.delayAfter({ blockNumber: 9n, blockTimestamp: 617n, readAtMs: 622_000 })).toBe(10_000);
    expect(pacer.delayAfter({ blockNumber: 10n, blockTimestamp: 629n, readAtMs: 632_000 })).toBe(10_000);
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
