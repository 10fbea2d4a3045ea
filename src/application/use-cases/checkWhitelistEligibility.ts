import type { Address } from "../../domain/address";
import { toDomainError } from "../../domain/errors/toDomainError";
import { isWhitelistEligible, WHITELIST_THRESHOLD_USD } from "../../domain/isWhitelistEligible";
import { tokenValueUsd } from "../../domain/tokenValueUsd";
import type { TokenGateway } from "../ports/tokenGateway";
import type { PooPriceLookup } from "./lookupPooPrice";

export type WhitelistEligibility =
  | { readonly status: "eligible"; readonly valueUsd: number; readonly priceUsd: number }
  | {
      readonly status: "ineligible";
      readonly valueUsd: number;
      readonly priceUsd: number;
      /** Dollars of POO still missing to reach the threshold. */
      readonly shortfallUsd: number;
    }
  /** Not "ineligible": without a price the app cannot tell, and must say so. */
  | { readonly status: "price-unavailable"; readonly reason: string };

export interface CheckWhitelistEligibilityPorts {
  /** The POO token. */
  readonly token: TokenGateway;
  /** Usually the LookupPooPrice use case, so the price cache is shared. */
  readonly price: { execute(): Promise<PooPriceLookup> };
}

/** Whether an account holds at least WHITELIST_THRESHOLD_USD of POO. */
export class CheckWhitelistEligibility {
  constructor(private readonly ports: CheckWhitelistEligibilityPorts) {}

  async execute(account: Address): Promise<WhitelistEligibility> {
    try {
      const [balance, price] = await Promise.all([
        this.ports.token.balanceOf(account),
        this.ports.price.execute(),
      ]);
      if (price.status === "unavailable") return { status: "price-unavailable", reason: price.reason };

      const valueUsd = tokenValueUsd(balance, price.usd);
      if (isWhitelistEligible(balance, price.usd))
        return { status: "eligible", valueUsd, priceUsd: price.usd };
      return {
        status: "ineligible",
        valueUsd,
        priceUsd: price.usd,
        shortfallUsd: WHITELIST_THRESHOLD_USD - valueUsd,
      };
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
