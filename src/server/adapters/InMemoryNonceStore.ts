import type { NonceState, NonceStore } from "../ports/NonceStore";

type Entry = { expiresAtMs: number; used: boolean };

/**
 * Nonces in process memory. Used nonces are kept until they expire so a replay is reported as
 * such; the oldest entries are dropped beyond `maxEntries` so a flood cannot exhaust memory.
 */
export class InMemoryNonceStore implements NonceStore {
  private readonly entries = new Map<string, Entry>();
  private lastSweepMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly maxEntries = 50_000) {}

  async save(nonce: string, expiresAtMs: number, nowMs: number): Promise<void> {
    this.sweep(nowMs);
    this.entries.set(nonce, { expiresAtMs, used: false });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  async inspect(nonce: string, nowMs: number): Promise<NonceState> {
    return this.stateOf(this.entries.get(nonce), nowMs);
  }

  async consume(nonce: string, nowMs: number): Promise<NonceState> {
    const entry = this.entries.get(nonce);
    const state = this.stateOf(entry, nowMs);
    if (state === "valid" && entry) entry.used = true;
    return state;
  }

  get size(): number {
    return this.entries.size;
  }

  private stateOf(entry: Entry | undefined, nowMs: number): NonceState {
    if (!entry) return "unknown";
    if (entry.used) return "used";
    return nowMs < entry.expiresAtMs ? "valid" : "expired";
  }

  // Entries are only dropped well after expiry, so "expired" and "used" stay reportable for a while.
  private sweep(nowMs: number): void {
    const graceMs = 10 * 60_000;
    if (nowMs - this.lastSweepMs < 60_000) return;
    this.lastSweepMs = nowMs;
    for (const [nonce, entry] of this.entries) {
      if (entry.expiresAtMs + graceMs <= nowMs) this.entries.delete(nonce);
    }
  }
}
