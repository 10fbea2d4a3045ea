import type { DomainError } from "../../domain/errors/domainError";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { toDomainError } from "../../domain/errors/toDomainError";
import type { Clock } from "../ports/clock";
import type { PriceSource } from "../ports/priceSource";

export type PooPriceLookup =
  | {
      readonly status: "available";
      readonly usd: number;
      /** When the price source answered with this price. */
      readonly updatedAt: Date;
      /** True when the latest refresh failed and an older price is served instead. */
      readonly stale: boolean;
    }
  | { readonly status: "unavailable"; readonly reason: string; readonly error: DomainError };

/** A fetched price is reused for 5 minutes before the source is asked again. */
export const PRICE_CACHE_TTL_MS = 5 * 60 * 1000;
/** After a failed refresh, a price up to 30 minutes old is still shown, flagged stale. */
export const PRICE_MAX_STALE_MS = 30 * 60 * 1000;

export interface LookupPooPriceOptions {
  readonly cacheTtlMs?: number;
  readonly maxStaleMs?: number;
}

export interface LookupPooPricePorts {
  readonly prices: PriceSource;
  readonly clock: Clock;
}

/**
 * The POO/USD price with a clock-driven 5-minute cache. Never rejects: a failure is a result the
 * UI shows as "Price unavailable", not a silent $0. When a refresh fails, a cached price younger
 * than PRICE_MAX_STALE_MS is served with `stale: true` (a slightly old price is more useful than
 * none for showing dollar values); older than that it is unavailable. Failures are not cached, so
 * the next call retries. Concurrent calls share one request.
 */
export class LookupPooPrice {
  private cached: { readonly usd: number; readonly updatedAt: Date } | undefined;
  private inFlight: Promise<PooPriceLookup> | undefined;
  private readonly cacheTtlMs: number;
  private readonly maxStaleMs: number;

  constructor(
    private readonly ports: LookupPooPricePorts,
    options: LookupPooPriceOptions = {},
  ) {
    this.cacheTtlMs = options.cacheTtlMs ?? PRICE_CACHE_TTL_MS;
    this.maxStaleMs = options.maxStaleMs ?? PRICE_MAX_STALE_MS;
  }

  execute(): Promise<PooPriceLookup> {
    const cached = this.cached;
    if (cached && this.ageMs(cached.updatedAt) < this.cacheTtlMs) {
      return Promise.resolve({
        status: "available",
        usd: cached.usd,
        updatedAt: cached.updatedAt,
        stale: false,
      });
    }
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<PooPriceLookup> {
    try {
      const usd = await this.ports.prices.getPooUsdPrice();
      if (!Number.isFinite(usd) || usd <= 0) {
        throw new PriceUnavailableError({ details: `the price source answered ${String(usd)}` });
      }
      this.cached = { usd, updatedAt: this.ports.clock.now() };
      return { status: "available", usd, updatedAt: this.cached.updatedAt, stale: false };
    } catch (caught) {
      const error = toDomainError(caught);
      const cached = this.cached;
      if (cached && this.ageMs(cached.updatedAt) <= this.maxStaleMs) {
        return { status: "available", usd: cached.usd, updatedAt: cached.updatedAt, stale: true };
      }
      return { status: "unavailable", reason: new PriceUnavailableError().shortMessage, error };
    }
  }

  private ageMs(since: Date): number {
    return this.ports.clock.now().getTime() - since.getTime();
  }
}
