import type { Logger } from "../ports/Logger";
import type { PriceHistoryStore } from "../ports/PriceHistoryStore";
import type { PriceQuote, PriceSource } from "../ports/PriceSource";
import type { DependencyState } from "./WatchDependencies";

export type LastGoodPrice = { usd: number; updatedAt: Date; ageSeconds: number };

export type PooPriceResult =
  | { ok: true; quote: PriceQuote }
  | { ok: false; error: string; retryAfterSeconds: number; lastGood?: LastGoodPrice };

export type GetPooPriceDeps = {
  source: PriceSource;
  logger: Logger;
  now: () => number;
  /** Where each fetched price is recorded (one point per fetch); none: not recorded. */
  history?: PriceHistoryStore;
  /** How long a good price is served without asking upstream again. */
  ttlMs?: number;
  /** After a failure, upstream is left alone this long so a broken key or rate limit is not hammered. */
  failureBackoffMs?: number;
};

export const PRICE_UNAVAILABLE = "POO price is temporarily unavailable.";

/**
 * The current POO price, cached for all clients: one upstream call per TTL, concurrent misses
 * share the same call, and failures are backed off and answered with the last good price.
 */
export class GetPooPrice {
  private cached: { quote: PriceQuote; fetchedAtMs: number } | undefined;
  private failedAtMs: number | undefined;
  /** The first failure of the current run of failures (reset by a success). */
  private failingSinceMs: number | undefined;
  private inFlight: Promise<PooPriceResult> | undefined;
  private readonly ttlMs: number;
  private readonly failureBackoffMs: number;

  constructor(private readonly deps: GetPooPriceDeps) {
    this.ttlMs = deps.ttlMs ?? 5 * 60_000;
    this.failureBackoffMs = deps.failureBackoffMs ?? 30_000;
  }

  execute(): Promise<PooPriceResult> {
    const now = this.deps.now();
    if (this.cached && now - this.cached.fetchedAtMs < this.ttlMs) {
      return Promise.resolve({ ok: true, quote: this.cached.quote });
    }
    if (this.failedAtMs !== undefined && now - this.failedAtMs < this.failureBackoffMs) {
      return Promise.resolve(this.unavailable(now, this.failedAtMs + this.failureBackoffMs - now));
    }
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<PooPriceResult> {
    try {
      const quote = await this.deps.source.fetchPooUsd();
      this.cached = { quote, fetchedAtMs: this.deps.now() };
      this.failedAtMs = undefined;
      this.failingSinceMs = undefined;
      await this.record(quote);
      return { ok: true, quote };
    } catch (error) {
      const now = this.deps.now();
      this.failedAtMs = now;
      this.failingSinceMs ??= now;
      this.deps.logger.warn("POO price refresh failed", {
        reason: error instanceof Error ? error.message : String(error),
      });
      return this.unavailable(now, this.failureBackoffMs);
    }
  }

  /**
   * The price source as last seen, without asking it (a health report must not spend API credits):
   * down since its first failure in a row, ok after a success, unknown before anyone asked.
   */
  status(): DependencyState {
    if (this.failingSinceMs !== undefined) {
      const lastGood = this.cached
        ? `; last good price ${Math.max(0, Math.floor((this.deps.now() - this.cached.quote.updatedAt.getTime()) / 1000))} s old`
        : "";
      return {
        status: "down",
        reason: `price refresh failing${lastGood}`,
        since: new Date(this.failingSinceMs).toISOString(),
      };
    }
    if (this.cached) return { status: "ok" };
    return { status: "unknown", reason: "not asked yet" };
  }

  // A history that cannot be written must not take the price down with it.
  private async record(quote: PriceQuote): Promise<void> {
    if (!this.deps.history) return;
    try {
      await this.deps.history.record({
        at: quote.updatedAt,
        usd: quote.usd,
        source: quote.source,
        sample: false,
      });
    } catch (error) {
      this.deps.logger.warn("POO price could not be recorded in the history", {
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private unavailable(now: number, retryAfterMs: number): PooPriceResult {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    if (!this.cached) return { ok: false, error: PRICE_UNAVAILABLE, retryAfterSeconds };
    const { usd, updatedAt } = this.cached.quote;
    const ageSeconds = Math.max(0, Math.floor((now - updatedAt.getTime()) / 1000));
    return {
      ok: false,
      error: PRICE_UNAVAILABLE,
      retryAfterSeconds,
      lastGood: { usd, updatedAt, ageSeconds },
    };
  }
}
