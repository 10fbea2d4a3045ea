/** The newest block this instance knows of, and the cache scope (`epoch`) it opened. */
export type Head = { number: bigint; epoch: number };

/** What the provider says the chain's head is: its number and hash. */
export type HeadBlock = { number: bigint; hash: string };

/** Block intervals remembered; the next block is expected no sooner than the shortest of them. */
const INTERVALS = 4;
/** Intervals needed before the head is held on the chain's schedule. */
const MIN_INTERVALS = 3;

export type CurrentOptions = {
  /** Asked again when the known head was asked longer ago than this. */
  maxAgeMs: number;
  /**
   * While the chain's next block is not due (the shortest of its recent intervals since the last
   * change, less `maxAgeMs` for when that change was seen), the known head is current whatever its
   * age. Only for reads of `latest`; off for a client's own eth_blockNumber (viem polls it while it
   * waits for a receipt) and for reads of a given block or transaction.
   */
  onSchedule: boolean;
};

/**
 * One chain's head as this instance sees it, asked of the provider (the latest block's number and
 * hash) only when the one known may be stale, one question at a time for every caller: for reads of
 * `latest`, never while the chain's next block is not due yet (a chain that makes a block every 12 s
 * is asked once or twice per block, however many tabs read meanwhile), otherwise when it was asked
 * longer ago than the caller accepts. A chain without a steady pace (one that mines on each
 * transaction) has short intervals among its last few, and is simply asked at that age.
 *
 * Each change of the head opens a new epoch: answers kept under the old one are never served again.
 * A change is a new block, a head that went back (a reorganisation to a shorter chain, a test chain
 * reverted) or another block at the same height (a reorganisation, a chain reverted and mined again):
 * the hash tells. A head that went back or was replaced also forgets the chain's pace.
 */
export class ChainHead {
  private known: { number: bigint; hash: string; askedAt: number; epoch: number } | undefined;
  private asking: Promise<Head> | undefined;
  private epochs = 0;
  /** When the head last moved forward (the question that saw it), and the intervals per block before. */
  private changedAt: number | undefined;
  private intervals: number[] = [];

  constructor(
    private readonly askHead: () => Promise<HeadBlock>,
    private readonly now: () => number,
  ) {}

  /** The head, asked again only when the known one may be stale (see CurrentOptions). */
  async current({ maxAgeMs, onSchedule }: CurrentOptions): Promise<Head> {
    const known = this.known;
    const now = this.now();
    if (known && (now - known.askedAt < maxAgeMs || (onSchedule && now < this.nextBlockDue(maxAgeMs)))) {
      return { number: known.number, epoch: known.epoch };
    }
    if (!this.asking) {
      const askedAt = now;
      this.asking = this.askHead().then(
        (head) => {
          this.asking = undefined;
          return this.set(head, askedAt);
        },
        (error: unknown) => {
          this.asking = undefined;
          throw error;
        },
      );
    }
    return await this.asking;
  }

  /** A block an answer showed (a receipt's): a newer one than known moves the head at once. */
  observe(head: HeadBlock): void {
    if (this.known && head.number > this.known.number) this.set(head, this.now());
  }

  /** The provider does not have the head's block (the chain went back): ask again next time. */
  forget(): void {
    if (this.known) this.known = { ...this.known, askedAt: Number.NEGATIVE_INFINITY };
    this.changedAt = undefined;
    this.intervals = [];
  }

  /** The earliest the next block may show, by the chain's recent pace; -Infinity without one. */
  private nextBlockDue(seenWithinMs: number): number {
    if (this.changedAt === undefined || this.intervals.length < MIN_INTERVALS) {
      return Number.NEGATIVE_INFINITY;
    }
    return this.changedAt + Math.min(...this.intervals) - seenWithinMs;
  }

  private set({ number, hash }: HeadBlock, askedAt: number): Head {
    const known = this.known;
    if (known && known.number === number && known.hash === hash) {
      if (askedAt > known.askedAt) this.known = { ...known, askedAt };
      return { number, epoch: known.epoch };
    }
    if (known && number > known.number && this.changedAt !== undefined) {
      this.intervals = [...this.intervals, (askedAt - this.changedAt) / Number(number - known.number)].slice(
        -INTERVALS,
      );
      this.changedAt = askedAt;
    } else if (known && number <= known.number) {
      // Went back, or another block at the same height: the pace seen so far says nothing any more.
      this.intervals = [];
      this.changedAt = undefined;
    } else {
      this.changedAt = askedAt;
    }
    this.epochs += 1;
    this.known = { number, hash, askedAt, epoch: this.epochs };
    return { number, epoch: this.epochs };
  }
}
