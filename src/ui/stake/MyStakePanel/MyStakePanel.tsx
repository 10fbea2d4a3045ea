import { useId, type ReactNode } from "react";
import { formatCompact, formatTokenAmount } from "../../../domain/displayFormat";
import { Button } from "../../components/Button/Button";
import { usdValueText, type PriceView } from "../priceView";
import { unstakeLockedText, type UnstakeAvailability } from "../unstakeAvailability";
import styles from "./MyStakePanel.module.css";

/** The figures shown; all zero while disconnected or loading (spec: balances reset to 0). */
export interface StakeFigures {
  rewards: bigint;
  crapBalance: bigint;
  stakedAmount: bigint;
  pooBalance: bigint;
}

export const ZERO_FIGURES: StakeFigures = { rewards: 0n, crapBalance: 0n, stakedAmount: 0n, pooBalance: 0n };

/** Where the account's figures come from right now. */
export type FiguresState =
  | { kind: "disconnected" }
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  /** Restored from the persisted cache; the chain has not answered in this visit yet. */
  | { kind: "refreshing" }
  | { kind: "loaded" };

export interface MyStakePanelProps {
  figures: StakeFigures;
  state: FiguresState;
  price: PriceView;
  unstake: UnstakeAvailability;
  now: Date;
  /** The pool refuses new stakes: Stake is disabled and says why; Unstake is left to the contract. */
  paused?: boolean;
  onStake: () => void;
  onUnstake: () => void;
  /** The network fee of Unstake, said under it while it is available. */
  unstakeFee?: string;
  /** The pointer or the focus reached Unstake: the fee may be read again. */
  onUnstakeIntent?: () => void;
  /** "Add POO to wallet" / "Add CRAP to wallet" controls (they talk to the wallet). */
  addPoo?: ReactNode;
  addCrap?: ReactNode;
}

export const CONNECT_HINT = "Connect your wallet to stake.";
export const LOADING_HINT = "Loading your balances…";
export const REFRESHING_TEXT = "refreshing…";
export const PAUSED_HINT = "Staking is paused on this pool for now. Unstaking stays available.";

function stakeHint(state: FiguresState): string | undefined {
  switch (state.kind) {
    case "disconnected":
      return CONNECT_HINT;
    case "loading":
    case "refreshing":
      return LOADING_HINT;
    case "failed":
      return state.message;
    case "loaded":
      return undefined;
  }
}

function unstakeHint(unstake: UnstakeAvailability, now: Date): string | undefined {
  if (unstake.kind === "locked") return unstakeLockedText(unstake.unlocksAt, now);
  return undefined;
}

/** The spec's My Stake panel: rewards, CRAP balance, staked and available POO, Stake and Unstake. */
export function MyStakePanel({
  figures,
  state,
  price,
  unstake,
  now,
  paused = false,
  onStake,
  onUnstake,
  unstakeFee,
  onUnstakeIntent,
  addPoo,
  addCrap,
}: MyStakePanelProps): ReactNode {
  const headingId = useId();
  const stakeHintId = useId();
  const unstakeHintId = useId();
  const loaded = state.kind === "loaded";
  const busy = state.kind === "loading" || state.kind === "refreshing";
  const stakeHintText = loaded && paused ? PAUSED_HINT : stakeHint(state);
  const unstakeHintText = loaded
    ? (unstakeHint(unstake, now) ?? (unstake.kind === "available" ? unstakeFee : undefined))
    : undefined;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          My Stake
        </h2>
        {state.kind === "refreshing" && (
          <span className={styles.refreshing} role="status">
            {REFRESHING_TEXT}
          </span>
        )}
      </header>

      <div className={styles.figures} aria-busy={busy}>
        <Figure label="Your Rewards" emphasis>
          <span className={styles.amount}>{formatTokenAmount(figures.rewards)}</span>
        </Figure>
        <Figure label="CRAP balance" action={addCrap}>
          <span className={styles.amount}>{formatTokenAmount(figures.crapBalance)} CRAP</span>
        </Figure>
        <Figure label="Staked">
          <span className={styles.usd}>{usdValueText(figures.stakedAmount, price)}</span>
          <span className={styles.poo} title={`${formatTokenAmount(figures.stakedAmount)} POO`}>
            {formatCompact(figures.stakedAmount)} POO
          </span>
        </Figure>
        <Figure label="Available" action={addPoo}>
          <span className={styles.usd}>{usdValueText(figures.pooBalance, price)}</span>
          <span className={styles.poo} title={`${formatTokenAmount(figures.pooBalance)} POO`}>
            {formatCompact(figures.pooBalance)} POO
          </span>
        </Figure>
      </div>

      <div className={styles.actions}>
        <Button
          width="xl"
          onClick={onStake}
          disabled={!loaded || paused}
          aria-describedby={stakeHintText ? stakeHintId : undefined}
        >
          Stake
        </Button>
        <Button
          variant="secondary"
          width="xl"
          onClick={onUnstake}
          onPointerEnter={onUnstakeIntent}
          onFocus={onUnstakeIntent}
          disabled={!loaded || unstake.kind !== "available"}
          aria-describedby={unstakeHintText ? unstakeHintId : undefined}
        >
          Unstake
        </Button>
      </div>
      {stakeHintText && (
        <p id={stakeHintId} className={state.kind === "failed" ? styles.error : styles.hint}>
          {stakeHintText}
        </p>
      )}
      {unstakeHintText && (
        <p id={unstakeHintId} className={styles.hint}>
          {unstakeHintText}
        </p>
      )}
    </section>
  );
}

function Figure({
  label,
  emphasis = false,
  action,
  children,
}: {
  label: string;
  emphasis?: boolean;
  action?: ReactNode;
  children: ReactNode;
}): ReactNode {
  const labelId = useId();
  // A named group per figure, so "Staked" and its value are found together (getByRole("group")).
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={emphasis ? `${styles.figure} ${styles.emphasis}` : styles.figure}
    >
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <span className={styles.value} data-figure-value="">
        {children}
      </span>
      {action && <span className={styles.action}>{action}</span>}
    </div>
  );
}
