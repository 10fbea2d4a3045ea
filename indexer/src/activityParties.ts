import { sameAddress, toAddress, type Address } from "../../src/domain/address.ts";
import type { ActivityParties } from "../../src/domain/stakeActivity.ts";
import type { Deployment } from "../../src/app/config/deploymentSchema.ts";

/**
 * The parties of a Transfer that involves the pool: the account is whoever is on the other side.
 * Undefined when the pool is on neither side, or on both (a pool sending to itself is no one's activity).
 */
export function activityParties(
  deployment: Pick<Deployment, "pooToken" | "crapToken" | "staking">,
  from: Address,
  to: Address,
): ActivityParties | undefined {
  const staking = toAddress(deployment.staking);
  const fromPool = sameAddress(from, staking);
  const toPool = sameAddress(to, staking);
  if (fromPool === toPool) return undefined;
  return {
    account: fromPool ? to : from,
    staking,
    pooToken: toAddress(deployment.pooToken),
    crapToken: toAddress(deployment.crapToken),
  };
}
