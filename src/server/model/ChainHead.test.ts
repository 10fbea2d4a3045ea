import { describe, expect, it } from "vitest";
import { ChainHead, type CurrentOptions, type HeadBlock } from "./ChainHead";

const READS: CurrentOptions = { maxAgeMs: 1_000, onSchedule: true };
const block = (number: bigint, generation = 0): HeadBlock => ({
  number,
  hash: `0x${generation}${number.toString(16).padStart(63, "0")}`,
});

/**
 * A chain whose blocks appear at `blockTimes` (ms), a head asked through ChainHead, and a reader
 * asking for `latest` every `everyMs` until `untilMs`: how many questions reached the provider, and
 * how long after each block the reader first got it.
 */
async function simulate(
  blockTimes: number[],
  options: { everyMs: number; untilMs: number; read?: CurrentOptions },
) {
  const clock = { now: 0 };
  const headAt = (t: number) => BigInt(blockTimes.filter((at) => at <= t).length);
  const asked: number[] = [];
  const head = new ChainHead(
    async () => {
      asked.push(clock.now);
      return block(headAt(clock.now));
    },
    () => clock.now,
  );
  // When the reader first got a head at or past each block.
  const firstSeen: number[] = [];
  for (clock.now = 0; clock.now < options.untilMs; clock.now += options.everyMs) {
    const { number } = await head.current(options.read ?? READS);
    while (firstSeen.length < Number(number)) firstSeen.push(clock.now);
  }
  const lateness = blockTimes
    .map((at, i) => (firstSeen[i] ?? Infinity) - at)
    .filter((_, i) => blockTimes[i]! < options.untilMs - 15_000);
  return { asked, lateness };
}

describe("ChainHead", () => {
  it("on a chain with a block every 12 s, asks once or twice per block however often it is read, and sees each block within a second", async () => {
    const blocks = Array.from({ length: 30 }, (_, i) => 5_000 + i * 12_000);
    const { asked, lateness } = await simulate(blocks, { everyMs: 100, untilMs: 360_000 });
    // Past the first minute (the pace learnt), the questions per 12-s block.
    const perBlock = asked.filter((t) => t >= 60_000).length / ((360_000 - 60_000) / 12_000);
    expect(perBlock).toBeLessThanOrEqual(2.5);
    expect(Math.max(...lateness)).toBeLessThanOrEqual(1_000);
  });

  it("without a steady pace (a chain mining on each transaction), asks at most once a second and sees each block within it", async () => {
    const blocks = [1_000, 1_400, 9_000, 9_300, 31_000, 32_000, 32_500, 50_000, 70_200, 70_300];
    const { asked, lateness } = await simulate(blocks, { everyMs: 100, untilMs: 90_000 });
    expect(asked.length).toBeLessThanOrEqual(91);
    expect(Math.max(...lateness)).toBeLessThanOrEqual(1_000);
  });

  it("a block early for the pace (mined by hand between scheduled ones) is seen once the next block is due; the pace then shortens", async () => {
    const steady = Array.from({ length: 8 }, (_, i) => 1_000 + i * 12_000); // up to 85 s
    const hurried = Array.from({ length: 40 }, (_, i) => 87_000 + i * 1_000); // then one a second
    const { lateness } = await simulate([...steady, ...hurried], { everyMs: 100, untilMs: 150_000 });
    // The block at 87 s came 2 s after the last: held back no longer than the pace it broke.
    expect(lateness[8]).toBeLessThanOrEqual(12_000);
    // Once the new pace shows, each block is seen within a second.
    expect(Math.max(...lateness.slice(8 + 15))).toBeLessThanOrEqual(1_000);
  });

  it("a client's own eth_blockNumber is never held on the schedule: the head it gets is at most its age", async () => {
    const blocks = Array.from({ length: 12 }, (_, i) => 5_000 + i * 12_000);
    const fresh: CurrentOptions = { maxAgeMs: 250, onSchedule: false };
    const { lateness } = await simulate([...blocks, 140_000], { everyMs: 50, untilMs: 160_000, read: fresh });
    expect(Math.max(...lateness)).toBeLessThanOrEqual(250);
  });

  it("opens a new epoch on every change, down, up or at the same height, and forgets the pace when the chain went back", async () => {
    const clock = { now: 0 };
    let head = block(10n);
    const chain = new ChainHead(
      async () => head,
      () => clock.now,
    );
    const first = await chain.current(READS);
    for (const step of [11n, 12n, 13n, 14n]) {
      head = block(step);
      clock.now += 12_000;
      await chain.current(READS);
    }
    const before = await chain.current(READS);
    expect(before.number).toBe(14n);
    expect(before.epoch).toBeGreaterThan(first.epoch);
    head = block(9n); // reverted; the schedule would hold 14 for another 10 s
    chain.forget();
    clock.now += 100;
    const back = await chain.current(READS);
    expect(back).toEqual({ number: 9n, epoch: before.epoch + 1 });
    head = block(10n);
    clock.now += 1_001;
    const again = await chain.current(READS); // asked again at its age: no pace any more
    expect(again).toEqual({ number: 10n, epoch: back.epoch + 1 });
    head = block(10n, 1); // the same height, another block (mined again, reorganised)
    clock.now += 1_001;
    expect(await chain.current(READS)).toEqual({ number: 10n, epoch: again.epoch + 1 });
    clock.now += 1_001;
    expect((await chain.current(READS)).epoch).toBe(again.epoch + 1); // the same block: the same epoch
  });
});
