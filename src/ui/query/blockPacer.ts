/** One snapshot read: the block it saw and when it completed (wall clock). */
export interface BlockReading {
  readonly blockNumber: bigint;
  /** Unix seconds of that block. */
  readonly blockTimestamp: bigint;
  /** Wall-clock milliseconds when the read completed. */
  readonly readAtMs: number;
}

export interface BlockPacerOptions {
  /** The chain's usual time between blocks (Sepolia: 12 s). */
  readonly blockTimeMs: number;
  /** How long after a block's expected time to read, so the RPC node has it. Default 1 s. */
  readonly settleMs?: number;
  /** Shortest pause between reads. Default 1 s. */
  readonly minDelayMs?: number;
}

/**
 * Paces reads to the chain's blocks: one read just after each expected block, so figures refresh
 * once per block and an idle page costs about one request per block (5 a minute on Sepolia),
 * whatever the poll interval would have been.
 *
 * When a block becomes visible relative to its timestamp (the browser's clock skew plus the time the
 * node takes to have it: the lag) is learnt from the reads themselves. A read that sees a new block
 * bounds the lag from both sides: the block was visible by this read, and not yet at the read before.
 * - Until a read has missed a block, the pacer reads `settleMs` after the block's timestamp (or after
 *   the lag it was seen by, when that is less), and no more than two `settleMs` before the lag a
 *   read has seen a block by: a page whose first read came late in a block's time, or whose browser
 *   clock is ahead of the chain's, comes down from there one step per block.
 * - Once a read has missed one, it reads no sooner than `settleMs` after the lag of that miss, still
 *   stepping down from the seen-by lag until the two are two `settleMs` apart, and then at the seen-by lag.
 * So a clock or node off by many seconds costs one or two extra reads, not one per block for a minute.
 *
 * A read that finds no new block is followed by one when that block is visible at the latest, as far
 * as the reads tell. When that has passed too, the slot stayed empty (proof-of-stake chains skip a
 * slot now and then; an idle local chain makes no blocks): the next read waits for the next slot.
 * The page's first read, when its block is older than a block time (an idle chain), is followed by
 * the next one block time later.
 *
 * `delayAfter` depends only on the readings, never on the current time: TanStack Query restarts its
 * refetch timer whenever the interval it computes changes, so a value that moved with the clock would
 * keep pushing the next read away.
 */
export class BlockPacer {
  private last: BlockReading | undefined;
  private sameBlockReads = 0;
  /** Lag bounds in ms after a block's timestamp: not visible yet at `lagAbove`, visible by `lagAtMost`. */
  private lagAbove = -Infinity;
  private lagAtMost = Infinity;
  private delay: number;
  private readonly settleMs: number;
  private readonly minDelayMs: number;

  constructor(private readonly options: BlockPacerOptions) {
    this.settleMs = options.settleMs ?? 1000;
    this.minDelayMs = options.minDelayMs ?? 1000;
    this.delay = options.blockTimeMs;
  }

  /** Milliseconds from `reading` to the next read. Idempotent: the same reading gives the same answer. */
  delayAfter(reading: BlockReading): number {
    const previous = this.last;
    if (previous && reading.readAtMs === previous.readAtMs) return this.delay;
    const { blockTimeMs } = this.options;
    const newBlock = previous === undefined || reading.blockNumber > previous.blockNumber;
    this.last = reading;
    const blockMs = Number(reading.blockTimestamp) * 1000;

    if (!newBlock) {
      this.sameBlockReads += 1;
      this.delay = this.delayAfterMiss(reading.readAtMs, blockMs);
      return this.delay;
    }
    const seenBy = reading.readAtMs - blockMs;
    this.lagAtMost = Math.min(this.lagAtMost, seenBy);
    if (previous !== undefined) this.lagAbove = Math.max(this.lagAbove, previous.readAtMs - blockMs);
    // The bounds cross when the lag grew (a block slower to show than earlier ones): the newest sighting bounds it.
    if (this.lagAbove >= this.lagAtMost) this.lagAtMost = seenBy;
    this.sameBlockReads = 0;
    const untilNext = blockMs + blockTimeMs + this.readLag() - reading.readAtMs;
    if (untilNext >= this.minDelayMs) this.delay = Math.min(untilNext, blockTimeMs + this.settleMs);
    else if (previous === undefined && untilNext <= -blockTimeMs) {
      // The page's first read, and its block is older than a block time: most likely an idle chain
      // (automining, nobody sending), where a look a second later finds the same block. Look again
      // one block time later. (A chain whose clock is far off the browser's looks the same; it loses
      // one block time before the pacer starts learning.)
      this.delay = blockTimeMs;
    } else {
      // Due already (a first read late in a block's time): look again shortly.
      this.delay = this.minDelayMs;
    }
    return this.delay;
  }

  /** After a read that found the block `blockMs` again. */
  private delayAfterMiss(readAtMs: number, blockMs: number): number {
    const { blockTimeMs } = this.options;
    // When the next block, due a block time after this one, is visible at the latest.
    const untilSeen = blockMs + blockTimeMs + this.lagAtMost - readAtMs;
    if (this.sameBlockReads === 1 && untilSeen > 0)
      return Math.min(Math.max(untilSeen, this.minDelayMs), blockTimeMs);
    // Not there by then: its slot stayed empty. The next slot, at least half a block time from now.
    const lag = this.readLag();
    const slots = Math.max(1, Math.ceil((readAtMs + blockTimeMs / 2 - blockMs - lag) / blockTimeMs));
    return blockMs + slots * blockTimeMs + lag - readAtMs;
  }

  /** How long after a block's timestamp to read the next one. */
  private readLag(): number {
    const step = 2 * this.settleMs;
    const assumed = Math.min(0, this.lagAtMost);
    if (this.lagAbove < assumed) {
      // A lag of a block time or more says little (an idle chain's old block): no stepping down from it.
      const stepDown = this.lagAtMost < this.options.blockTimeMs ? this.lagAtMost - step : -Infinity;
      return Math.max(assumed + this.settleMs, stepDown);
    }
    if (this.lagAtMost - this.lagAbove <= step) return this.lagAtMost;
    return Math.max(this.lagAbove + this.settleMs, this.lagAtMost - step);
  }
}
