import type { AccountSnapshot } from "../../application/ports/accountSnapshotSource";
import { formatCompact, formatPercent } from "../../domain/displayFormat";
import { usdValueText, type PriceView } from "./priceView";

const SECONDS_PER_DAY = 86_400n;
const SECONDS_PER_YEAR = 365n * SECONDS_PER_DAY;

/** The pool's figures as Asset Stats shows them; the rate parts only when the contract has a rate. */
export interface PoolFigures {
  /** "1.23m POO" */
  stakedText: string;
  /** "$1,234.56", or why there is no dollar value. */
  stakedUsdText: string;
  /** "864 CRAP a day"; undefined when the contract exposes no reward rate. */
  rewardRateText: string | undefined;
  /**
   * CRAP paid a year per 100 POO staked at today's rate ("31.5%"); undefined without a rate, or with
   * nothing staked (the figure would be infinite).
   */
  aprText: string | undefined;
}

/**
 * From the snapshot: the POO the staking contract holds (any ERC-20 pool answers balanceOf) and its
 * dollar value; the reward rate and the APR in CRAP only when the contract answered `rewardRate`.
 * The APR divides by `totalStaked` when the contract has it (POO sent by plain transfer is not staked),
 * otherwise by the contract's POO balance.
 */
export function poolFigures(
  snapshot: AccountSnapshot | undefined,
  price: PriceView,
): PoolFigures | undefined {
  if (!snapshot) return undefined;
  const { poolStaked, rewardRate, totalStaked } = snapshot;
  const staked = totalStaked ?? poolStaked;
  const hasRate = rewardRate !== undefined && rewardRate >= 0n;
  return {
    stakedText: `${formatCompact(poolStaked)} POO`,
    stakedUsdText: usdValueText(poolStaked, price),
    rewardRateText: hasRate ? `${formatCompact(rewardRate * SECONDS_PER_DAY)} CRAP a day` : undefined,
    aprText:
      hasRate && staked > 0n ? formatPercent((rewardRate * SECONDS_PER_YEAR * 10_000n) / staked) : undefined,
  };
}
