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
 * whatever the poll interval would have been. When a read finds no new block (a late block, an idle
 * local chain), the next one waits twice as long, up to one block time. The page's first read, when its
 * block is older than a block time (an idle chain), is followed by the next one block time later.
 *
 * When a block becomes visible relative to its timestamp (the browser's clock skew plus the time the
 * node takes to have it) is learnt from the reads themselves, starting from "at once": a read that
 * sees a new block caps it, a read that missed the block just before floors it.
 *
 * `delayAfter` depends only on the readings, never on the current time: TanStack Query restarts its
 * refetch timer whenever the interval it computes changes, so a value that moved with the clock would
 * keep pushing the next read away.
 */
export class BlockPacer {
  private last: BlockReading | undefined;
  private sameBlockReads = 0;
  /** Estimated ms from a block's timestamp until a read can see it. */
  private visibleAfterMs = 0;
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
      this.delay = this.backoff(this.sameBlockReads);
      return this.delay;
    }
    // Seen now: it was visible by this read. Not seen by the read before: it became visible after that one.
    const seenBy = reading.readAtMs - blockMs;
    this.visibleAfterMs = Math.min(this.visibleAfterMs, seenBy);
    if (previous !== undefined && this.sameBlockReads > 0) {
      this.visibleAfterMs = Math.max(this.visibleAfterMs, previous.readAtMs - blockMs);
    }
    this.sameBlockReads = 0;
    const untilNext = blockMs + blockTimeMs + this.visibleAfterMs + this.settleMs - reading.readAtMs;
    if (untilNext >= this.minDelayMs) this.delay = Math.min(untilNext, blockTimeMs + this.settleMs);
    else if (previous === undefined && untilNext <= -blockTimeMs) {
      // The page's first read, and its block is older than a block time: most likely an idle chain
      // (automining, nobody sending), where a look a second later finds the same block. Look again
      // one block time later. (A chain whose clock is far off the browser's looks the same; it loses
      // one block time before the pacer starts learning below.)
      this.delay = blockTimeMs;
    } else {
      // Overdue already (a late block, a clock that differs from the browser's): back off from there.
      this.delay = this.backoff(1);
    }
    return this.delay;
  }

  private backoff(misses: number): number {
    return Math.min(this.options.blockTimeMs, this.minDelayMs * 2 ** (misses - 1));
  }
}
