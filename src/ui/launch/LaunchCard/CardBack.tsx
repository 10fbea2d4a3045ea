import { useId, type ReactNode, type RefObject } from "react";
import type { Launch } from "../../../domain/launch/launchCatalogue";
import {
  billionsText,
  contributionText,
  percentText,
  thousandsText,
  unitText,
} from "../../../domain/launch/launchFigures";
import { Button } from "../../components/Button/Button";
import styles from "./LaunchCard.module.css";
import { TagList } from "./TagList";

/** Spec: the back of every card carries the tag Upcoming (the token's listing is still to come). */
const BACK_TAGS = ["Upcoming"] as const;

export interface CardBackProps {
  launch: Launch;
  backRef: RefObject<HTMLButtonElement | null>;
  onBack: () => void;
}

export function CardBack({ launch, backRef, onBack }: CardBackProps): ReactNode {
  const tokenomicsId = useId();
  const contributionId = useId();
  const { details } = launch;
  return (
    <div className={styles.content}>
      <div className={styles.header}>
        <TagList tags={BACK_TAGS} />
        <span className={styles.backSymbol}>{launch.symbol}</span>
      </div>
      <dl className={styles.stats}>
        <div>
          <dt>Total supply</dt>
          <dd>{billionsText(details.totalSupplyBillions)}</dd>
        </div>
        <div>
          <dt>Allocation</dt>
          <dd>{percentText(details.allocationPercent)}</dd>
        </div>
        <div>
          <dt>Market cap</dt>
          <dd>{thousandsText(details.marketCapThousands)}</dd>
        </div>
      </dl>
      <section aria-labelledby={tokenomicsId}>
        <h3 id={tokenomicsId} className={styles.sectionTitle}>
          Tokenomics
        </h3>
        <dl className={styles.rows}>
          {details.tokenomics.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{unitText(row.value, row.unit)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby={contributionId}>
        <h3 id={contributionId} className={styles.sectionTitle}>
          Contribution
        </h3>
        <p className={styles.contribution}>
          {contributionText(details.contribution.minEth, details.contribution.maxEth)}
        </p>
      </section>
      <div className={styles.actions}>
        <Button ref={backRef} variant="secondary" width="md" onClick={onBack}>
          Back
        </Button>
      </div>
    </div>
  );
}
