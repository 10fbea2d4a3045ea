import type { Address } from "viem";
import { isWhitelistEligible } from "../model/whitelistEligibility";
import type { BalanceReader } from "../ports/BalanceReader";
import type { RecheckResult, RegistrationStore } from "../ports/RegistrationStore";
import { fail, type Failure } from "./Failure";
import type { GetEligibilityPrice } from "./GetEligibilityPrice";

export type ChainRecheck = {
  chainId: number;
  blockNumber: bigint;
  priceUsd: number;
  checked: number;
  eligible: number;
  belowThreshold: Address[];
  /** Registrations whose standing changed with this check. */
  changed: number;
};

/**
 * Re-checks every registration of a launch: per chain, all balances at one block (so the snapshot
 * is the same for everyone), read in batches, judged at one price (the launch's price for the current
 * window, as registrations are); each registration's standing, balance and block are recorded in one
 * transaction, and that verdict stands until the next re-check, whatever the wallet registers meanwhile.
 */
export class RecheckLaunchRegistrations {
  constructor(
    private readonly deps: {
      balances: BalanceReader;
      price: GetEligibilityPrice;
      store: RegistrationStore;
      now: () => number;
    },
  ) {}

  async execute(launchId: string): Promise<{ ok: true; chains: ChainRecheck[] } | Failure> {
    const { deps } = this;
    // The launch's price for this window, as its registrations get; never a quote past the maximum age.
    const decision = await deps.price.execute(launchId);
    if (!decision.ok) {
      return fail(
        503,
        decision.reason === "stale"
          ? "The POO price is too old to judge eligibility, so nothing was re-checked; retry later."
          : "The POO price is unavailable, so nothing was re-checked; retry later.",
      );
    }
    const { usd: priceUsd, quotedAt: priceAt } = decision.price;

    const chains: ChainRecheck[] = [];
    for (const chainId of await deps.store.chainsOfLaunch(launchId)) {
      const registrations = await deps.store.listForLaunch(launchId, chainId);
      const blockNumber = await deps.balances.latestBlock(chainId);
      const addresses = registrations.map((registration) => registration.address);
      const balances = await deps.balances.pooBalancesAt(chainId, addresses, blockNumber);
      const checkedAt = new Date(deps.now());
      const results: RecheckResult[] = registrations.map((registration, index) => {
        const pooBalanceWei = balances[index] ?? 0n;
        return {
          address: registration.address,
          standing: isWhitelistEligible(pooBalanceWei, priceUsd) ? "eligible" : "below-threshold",
          check: { pooBalanceWei, blockNumber, priceUsd, priceAt, checkedAt },
        };
      });
      await deps.store.recordRechecks(launchId, chainId, results);
      const below = results.filter((result) => result.standing === "below-threshold");
      chains.push({
        chainId,
        blockNumber,
        priceUsd,
        checked: results.length,
        eligible: results.length - below.length,
        belowThreshold: below.map((result) => result.address),
        changed: results.filter((result, index) => result.standing !== registrations[index]?.standing).length,
      });
    }
    return { ok: true, chains };
  }
}
