import { useId, type ReactNode } from "react";
import { Icon } from "../../components/Icon";
import styles from "./ApplyTile.module.css";

/** The tile beside the launch cards that opens the application form. */
export function ApplyTile({ onApply, notice }: { onApply: () => void; notice?: string }): ReactNode {
  const descriptionId = useId();
  return (
    <div className={styles.tile}>
      <button
        type="button"
        className={styles.button}
        onClick={onApply}
        aria-haspopup="dialog"
        aria-describedby={descriptionId}
      >
        <span className={styles.plus}>
          <Icon name="plus" size={28} />
        </span>
        <span className={styles.title}>Apply for a Launch</span>
      </button>
      <p id={descriptionId} className={styles.description}>
        Launching a token? Tell us about your project. You sign in with your wallet first.
      </p>
      <p className={styles.notice} role="status">
        {notice}
      </p>
    </div>
  );
}
