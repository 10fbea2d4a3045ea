import type { Address } from "viem";
import { isWhitelistEligible } from "../model/whitelistEligibility";
import type { BalanceReader } from "../ports/BalanceReader";
import type { RecheckResult, RegistrationStore } from "../ports/RegistrationStore";
import { fail, type Failure } from "./Failure";
import type { GetPooPrice } from "./GetPooPrice";

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
 * is the same for everyone), read in batches, judged at one price; each registration's standing,
 * balance and block are recorded in one transaction.
 */
export class RecheckLaunchRegistrations {
  constructor(
    private readonly deps: {
      balances: BalanceReader;
      price: GetPooPrice;
      store: RegistrationStore;
      now: () => number;
    },
  ) {}

  async execute(launchId: string): Promise<{ ok: true; chains: ChainRecheck[] } | Failure> {
    const { deps } = this;
    const price = await deps.price.execute();
    if (!price.ok) return fail(503, "The POO price is unavailable, so nothing was re-checked; retry later.");
    const priceUsd = price.quote.usd;

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
          check: { pooBalanceWei, blockNumber, priceUsd, checkedAt },
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
