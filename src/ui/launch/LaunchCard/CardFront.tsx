import type { ReactNode, RefObject } from "react";
import type { Launch } from "../../../domain/launch/launchCatalogue";
import { ethText, percentText, vestingText } from "../../../domain/launch/launchFigures";
import { Button } from "../../components/Button/Button";
import { ProgressBar } from "../../components/ProgressBar/ProgressBar";
import { Icon } from "../../components/Icon";
import { SaleCountdown } from "../SaleCountdown/SaleCountdown";
import { SocialLinks } from "../SocialLinks/SocialLinks";
import styles from "./LaunchCard.module.css";
import { TagList } from "./TagList";

/** Spec: the card's hardcap bar is 220 px per 100 percent. */
export const CARD_PROGRESS_SCALE_PX = 220;

export interface CardFrontProps {
  launch: Launch;
  detailsRef: RefObject<HTMLButtonElement | null>;
  onDetails: () => void;
  onWhitelist: () => void;
  onInfo: () => void;
}

export function CardFront({ launch, detailsRef, onDetails, onWhitelist, onInfo }: CardFrontProps): ReactNode {
  return (
    <div className={styles.content}>
      <div className={styles.header}>
        <TagList tags={launch.tags} />
        <button
          type="button"
          className={styles.iconButton}
          onClick={onInfo}
          aria-label={`About ${launch.name}`}
          title={`About ${launch.name}`}
        >
          <Icon name="info" />
        </button>
      </div>
      <div className={styles.titleRow}>
        <h2 className={styles.symbol}>{launch.symbol}</h2>
        <SocialLinks symbol={launch.symbol} socials={launch.socials} />
      </div>
      <ProgressBar
        value={launch.progressPercent}
        scalePx={CARD_PROGRESS_SCALE_PX}
        label={`Hardcap ${ethText(launch.hardcapEth)}`}
        endText={percentText(launch.progressPercent)}
      />
      <dl className={styles.figures}>
        <div>
          <dt>Allocation</dt>
          <dd>{percentText(launch.allocationPercent)}</dd>
        </div>
        <div>
          <dt>Vesting</dt>
          <dd>{vestingText(launch.vestingDays)}</dd>
        </div>
      </dl>
      <SaleCountdown startsAt={launch.saleStartsAt} endsAt={launch.saleEndsAt} />
      <div className={styles.actions}>
        <Button ref={detailsRef} variant="secondary" width="md" onClick={onDetails}>
          Details
        </Button>
        {launch.whitelistOpen && (
          <Button width="md" onClick={onWhitelist} aria-haspopup="dialog">
            Whitelist
          </Button>
        )}
      </div>
    </div>
  );
}
