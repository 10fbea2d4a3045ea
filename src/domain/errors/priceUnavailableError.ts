import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/** No usable POO/USD price: the price API failed or answered nonsense. */
export class PriceUnavailableError extends DomainError {
  readonly kind = "price-unavailable";
  override readonly name = "PriceUnavailableError";

  constructor(options: DomainErrorOptions = {}) {
    super("The POO price is unavailable right now.", options);
  }
}
