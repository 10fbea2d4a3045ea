import type { ReactNode } from "react";
import type { AccountSnapshot } from "../../../application/ports/accountSnapshotSource";
import { poolFigures } from "../poolFigures";
import type { PriceView } from "../priceView";
import styles from "./AssetStatsPanel.module.css";

/**
 * The staking pool's figures in Asset Stats: total POO staked and its dollar value, and the reward
 * rate and APR in CRAP only when the contract exposes a rate. Nothing before the snapshot is read.
 * Loaded after first paint (default export for React.lazy).
 */
export default function PoolFiguresList({
  snapshot,
  price,
}: {
  snapshot: AccountSnapshot | undefined;
  price: PriceView;
}): ReactNode {
  const pool = poolFigures(snapshot, price);
  if (!pool) return null;
  return (
    <dl className={styles.pool} aria-label="Staking pool">
      <div>
        <dt>Total staked</dt>
        <dd data-testid="pool-staked">
          {pool.stakedText} <span className={styles.poolUsd}>{pool.stakedUsdText}</span>
        </dd>
      </div>
      {pool.rewardRateText !== undefined && (
        <div>
          <dt>Reward rate</dt>
          <dd data-testid="pool-reward-rate">{pool.rewardRateText}</dd>
        </div>
      )}
      {pool.aprText !== undefined && (
        <div>
          <dt title="CRAP paid a year per 100 POO staked, at today's rate">APR (in CRAP)</dt>
          <dd data-testid="pool-apr">{pool.aprText}</dd>
        </div>
      )}
    </dl>
  );
}
