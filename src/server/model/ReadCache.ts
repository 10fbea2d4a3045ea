/**
 * Answers kept for the current epoch of a chain's head (ChainHead) only: the first answer stored
 * under a newer epoch drops everything older, and an answer that comes back after its epoch ended is
 * not kept. Bounded by entries and by the size of the answers' JSON; the oldest go first.
 */
export class ReadCache {
  private epoch = 0;
  private readonly entries = new Map<string, { value: unknown; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(epoch: number, key: string): { value: unknown } | undefined {
    if (epoch !== this.epoch) return undefined;
    const entry = this.entries.get(key);
    return entry ? { value: entry.value } : undefined;
  }

  set(epoch: number, key: string, value: unknown): void {
    if (epoch < this.epoch) return;
    if (epoch > this.epoch) {
      this.entries.clear();
      this.bytes = 0;
      this.epoch = epoch;
    }
    const bytes = key.length + (JSON.stringify(value)?.length ?? 0);
    if (bytes > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
