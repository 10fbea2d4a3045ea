export type ThrottleVerdict = { write: true; heldBack: number } | { write: false };

/**
 * At most one log line per key (e.g. a peer address) per interval, and at most `maxLinesPerInterval`
 * lines in all, remembering at most `maxKeys` keys (the oldest is forgotten first): a flood of
 * requests, from one peer or from many, writes a bounded number of lines in bounded memory.
 */
export class LogThrottle {
  private readonly lastLine = new Map<string, { at: number; heldBack: number }>();
  private window = { start: Number.NEGATIVE_INFINITY, lines: 0 };

  constructor(
    private readonly options: {
      intervalMs: number;
      maxKeys: number;
      maxLinesPerInterval: number;
      now: () => number;
    },
  ) {}

  /** Whether to write a line for `key` now; if so, how many were held back for it since its last one. */
  take(key: string): ThrottleVerdict {
    const { intervalMs, maxKeys, maxLinesPerInterval } = this.options;
    const now = this.options.now();
    const last = this.lastLine.get(key);
    if (now - this.window.start >= intervalMs) this.window = { start: now, lines: 0 };
    if ((last && now - last.at < intervalMs) || this.window.lines >= maxLinesPerInterval) {
      if (last) last.heldBack += 1;
      return { write: false };
    }
    this.window.lines += 1;
    // Re-inserted, so that the map's first key is always the one written longest ago.
    this.lastLine.delete(key);
    this.lastLine.set(key, { at: now, heldBack: 0 });
    while (this.lastLine.size > maxKeys) {
      const oldest = this.lastLine.keys().next().value;
      if (oldest === undefined) break;
      this.lastLine.delete(oldest);
    }
    return { write: true, heldBack: last?.heldBack ?? 0 };
  }
}
