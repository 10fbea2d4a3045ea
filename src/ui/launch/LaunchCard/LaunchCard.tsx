import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { Launch } from "../../../domain/launch/launchCatalogue";
import { CardBack } from "./CardBack";
import { CardFront } from "./CardFront";
import styles from "./LaunchCard.module.css";

export interface LaunchCardProps {
  launch: Launch;
  /** Opens the whitelist modal; the button shows only while the launch's whitelist is open. */
  onWhitelist: () => void;
  /** Opens the info modal (description and website). */
  onInfo: () => void;
}

type Face = "front" | "back";

/**
 * A launch as a flip card: sale figures on the front, token details on the back. Details turns it
 * over; a click anywhere on the back (or its Back button, or Escape) turns it back. The hidden face
 * is inert, and focus follows the turn so keyboard users land on the face they asked for.
 */
export function LaunchCard({ launch, onWhitelist, onInfo }: LaunchCardProps): ReactNode {
  const [face, setFace] = useState<Face>("front");
  const focusAfterTurn = useRef<Face | null>(null);
  const detailsRef = useRef<HTMLButtonElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const target = focusAfterTurn.current;
    focusAfterTurn.current = null;
    if (target === "back") backRef.current?.focus();
    if (target === "front") detailsRef.current?.focus();
  }, [face]);

  const turnTo = (next: Face): void => {
    focusAfterTurn.current = next;
    setFace(next);
  };

  const onBackKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === "Escape") {
      event.preventDefault();
      turnTo("front");
    }
  };

  const showingBack = face === "back";
  return (
    <article
      className={showingBack ? `${styles.card} ${styles.flipped}` : styles.card}
      aria-label={launch.symbol}
      data-face={face}
    >
      <div className={styles.inner}>
        <div
          className={`${styles.face} ${styles.front}`}
          inert={showingBack}
          aria-hidden={showingBack ? true : undefined}
        >
          <CardFront
            launch={launch}
            detailsRef={detailsRef}
            onDetails={() => turnTo("back")}
            onWhitelist={onWhitelist}
            onInfo={onInfo}
          />
        </div>
        {/* A click anywhere on the back turns the card; the Back button is the keyboard's way. */}
        <div
          className={`${styles.face} ${styles.back}`}
          inert={!showingBack}
          aria-hidden={showingBack ? undefined : true}
          onClick={() => turnTo("front")}
          onKeyDown={onBackKeyDown}
        >
          <CardBack launch={launch} backRef={backRef} onBack={() => turnTo("front")} />
        </div>
      </div>
    </article>
  );
}
