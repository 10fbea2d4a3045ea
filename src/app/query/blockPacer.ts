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
 * whatever the poll interval would have been. When a read finds no new block where one was due (a
 * late block), the next one waits twice as long, up to one block time. A block older than that (an
 * idle local chain, a node that lags) is read again one block time later, not in a second: the first
 * read of a page on an idle chain is not followed by a burst of reads that find nothing new.
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

    if (newBlock) {
      // Seen now: it was visible by this read. Not seen by the read before: it became visible after that one.
      const seenBy = reading.readAtMs - blockMs;
      this.visibleAfterMs = Math.min(this.visibleAfterMs, seenBy);
      if (previous !== undefined) {
        this.visibleAfterMs = Math.max(this.visibleAfterMs, previous.readAtMs - blockMs);
      }
      this.sameBlockReads = 0;
    } else {
      this.sameBlockReads += 1;
    }
    const untilNext = blockMs + blockTimeMs + this.visibleAfterMs + this.settleMs - reading.readAtMs;
    if (untilNext >= this.minDelayMs) {
      this.delay = Math.min(untilNext, blockTimeMs + this.settleMs);
    } else if (untilNext > -blockTimeMs) {
      // The next block is late (or shows late): look again soon, then less and less often.
      this.delay = this.backoff(Math.max(1, this.sameBlockReads));
    } else {
      // Overdue by more than a block time: an idle chain (automining, nobody sending) or a node that
      // lags. Looking again in a second would find the same block; look once per block time.
      this.delay = blockTimeMs;
    }
    return this.delay;
  }

  private backoff(misses: number): number {
    return Math.min(this.options.blockTimeMs, this.minDelayMs * 2 ** (misses - 1));
  }
}
