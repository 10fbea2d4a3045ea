import type { Session } from "../model/Session";
import { isWhitelistEligible, usdValueOf } from "../model/whitelistEligibility";
import type { BalanceAtBlock, BalanceReader } from "../ports/BalanceReader";
import type { Logger } from "../ports/Logger";
import type { Registration, RegistrationStore } from "../ports/RegistrationStore";
import { fail, type Failure } from "./Failure";
import type { GetEligibilityPrice } from "./GetEligibilityPrice";

export const INELIGIBLE_MESSAGE =
  "You are ineligible for a whitelist: hold at least 100 USD worth of POO to register. You can buy POO on a decentralised exchange.";

export type RegisterForLaunchDeps = {
  balances: BalanceReader;
  price: GetEligibilityPrice;
  store: RegistrationStore;
  logger: Logger;
  now: () => number;
};

/**
 * Creates or changes the signed-in wallet's registration for a launch, after re-checking on the
 * server that it holds at least 100 USD of POO at the launch's price for the current window (shared by
 * every instance; never a quote older than the maximum age). The balance, its block, the price, its
 * time and window are recorded with the registration.
 */
export class RegisterForLaunch {
  constructor(private readonly deps: RegisterForLaunchDeps) {}

  async execute(input: {
    launchId: string;
    session: Session;
    amountWei: bigint;
  }): Promise<{ ok: true; registration: Registration; created: boolean } | Failure> {
    const { deps } = this;
    const { address, chainId } = input.session;

    const decision = await deps.price.execute(input.launchId);
    if (!decision.ok)
      return fail(503, "POO price is unavailable, so eligibility cannot be checked right now; please retry.");
    const { price } = decision;

    let balance: BalanceAtBlock;
    try {
      balance = await deps.balances.pooBalanceOf(chainId, address);
    } catch (error) {
      deps.logger.warn("POO balance read failed", {
        chainId,
        reason: error instanceof Error ? error.message : String(error),
      });
      return fail(503, "Could not read your POO balance right now; please retry.");
    }

    if (!isWhitelistEligible(balance.balanceWei, price.usd)) {
      deps.logger.info("Whitelist registration refused: ineligible", {
        chainId,
        address,
        usdValue18: usdValueOf(balance.balanceWei, price.usd).toString(),
        priceUsd: price.usd,
        priceAt: price.quotedAt.toISOString(),
      });
      return fail(403, INELIGIBLE_MESSAGE);
    }

    const at = new Date(deps.now());
    const { registration, created } = await deps.store.upsert({
      launchId: input.launchId,
      chainId,
      address,
      amountWei: input.amountWei,
      at,
      check: {
        pooBalanceWei: balance.balanceWei,
        blockNumber: balance.blockNumber,
        priceUsd: price.usd,
        priceAt: price.quotedAt,
        checkedAt: at,
      },
      priceWindowStart: price.windowStart,
    });
    return { ok: true, registration, created };
  }
}
