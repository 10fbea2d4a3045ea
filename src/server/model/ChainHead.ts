/** The newest block number this instance knows of, and the cache scope (`epoch`) it opened. */
export type Head = { number: bigint; epoch: number };

/**
 * One chain's head as this instance sees it. The number is asked of the provider (eth_blockNumber)
 * only when the one known is older than the caller accepts, one question at a time for every
 * caller. Each change of the number, up (a new block) or down (a reorganisation to a shorter chain,
 * a test chain reverted), opens a new epoch: answers kept under the old one are never served again.
 */
export class ChainHead {
  private known: { number: bigint; askedAt: number; epoch: number } | undefined;
  private asking: Promise<Head> | undefined;
  private epochs = 0;

  constructor(
    private readonly askNumber: () => Promise<bigint>,
    private readonly now: () => number,
  ) {}

  /** The head, asked again when the known one was asked more than `maxAgeMs` ago. */
  async current(maxAgeMs: number): Promise<Head> {
    const known = this.known;
    if (known && this.now() - known.askedAt < maxAgeMs) return { number: known.number, epoch: known.epoch };
    if (!this.asking) {
      const askedAt = this.now();
      this.asking = this.askNumber().then(
        (number) => {
          this.asking = undefined;
          return this.set(number, askedAt);
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
  observe(number: bigint): void {
    if (this.known && number > this.known.number) this.set(number, this.now());
  }

  /** The provider does not have the head's block (the chain went back): ask again next time. */
  forget(): void {
    if (this.known) this.known = { ...this.known, askedAt: Number.NEGATIVE_INFINITY };
  }

  private set(number: bigint, askedAt: number): Head {
    const known = this.known;
    if (known && known.number === number) {
      if (askedAt > known.askedAt) this.known = { ...known, askedAt };
      return { number, epoch: known.epoch };
    }
    this.epochs += 1;
    this.known = { number, askedAt, epoch: this.epochs };
    return { number, epoch: this.epochs };
  }
}
