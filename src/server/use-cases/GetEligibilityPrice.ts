import type { EligibilityPriceStore, WindowPrice } from "../ports/EligibilityPriceStore";
import type { Logger } from "../ports/Logger";
import type { GetPooPrice } from "./GetPooPrice";

export type EligibilityPriceSettings = {
  /** A quote older than this (by its own time) decides nothing. */
  maxAgeMs: number;
  /** Decisions of one launch within one window share one price. */
  windowMs: number;
};

export const DEFAULT_ELIGIBILITY_PRICE: EligibilityPriceSettings = {
  maxAgeMs: 15 * 60_000,
  windowMs: 5 * 60_000,
};

export type EligibilityPriceResult =
  { ok: true; price: WindowPrice } | { ok: false; reason: "unavailable" | "stale" };

/**
 * The POO price an eligibility decision about a launch uses now: the launch's price for the current
 * window, fixed in the shared database by the window's first decision (on any instance) from the
 * current quote. A quote older than the maximum age is never used: not to fix a window, nor once the
 * window's price has grown that old; the decision is then "price unavailable".
 */
export class GetEligibilityPrice {
  private readonly settings: EligibilityPriceSettings;

  constructor(
    private readonly deps: {
      price: GetPooPrice;
      store: EligibilityPriceStore;
      logger: Logger;
      now: () => number;
      settings?: Partial<EligibilityPriceSettings>;
    },
  ) {
    this.settings = { ...DEFAULT_ELIGIBILITY_PRICE, ...deps.settings };
  }

  async execute(launchId: string): Promise<EligibilityPriceResult> {
    const { deps } = this;
    const { windowMs } = this.settings;
    const now = deps.now();
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    let price = await deps.store.find(launchId, windowStart);
    if (!price) {
      const quote = await deps.price.execute();
      if (!quote.ok) return { ok: false, reason: "unavailable" };
      if (this.tooOld(quote.quote.updatedAt, now, launchId)) return { ok: false, reason: "stale" };
      price = await deps.store.fix(
        {
          launchId,
          windowStart,
          usd: quote.quote.usd,
          quotedAt: quote.quote.updatedAt,
          source: quote.quote.source,
        },
        new Date(now),
      );
    }
    if (this.tooOld(price.quotedAt, now, launchId)) return { ok: false, reason: "stale" };
    return { ok: true, price };
  }

  private tooOld(quotedAt: Date, now: number, launchId: string): boolean {
    const ageMs = now - quotedAt.getTime();
    if (ageMs <= this.settings.maxAgeMs) return false;
    this.deps.logger.warn("POO price too old to decide eligibility", {
      launchId,
      quotedAt: quotedAt.toISOString(),
      ageSeconds: Math.floor(ageMs / 1000),
      maxAgeSeconds: Math.floor(this.settings.maxAgeMs / 1000),
    });
    return true;
  }
}
