import { useId, type ReactNode } from "react";
import { Button } from "../../components/Button/Button";
import { Dialog } from "../../components/Dialog/Dialog";
import styles from "./InfoModal.module.css";

export interface InfoModalProps {
  title: string;
  description: string;
  link: { href: string; label: string };
  onDismiss: () => void;
}

/** The spec's info modal: a description, a link (new tab) and Dismiss. */
export function InfoModal({ title, description, link, onDismiss }: InfoModalProps): ReactNode {
  const descriptionId = useId();
  return (
    <Dialog title={title} onClose={onDismiss} describedBy={descriptionId}>
      <p id={descriptionId} className={styles.description}>
        {description}
      </p>
      <p className={styles.link}>
        <a href={link.href} target="_blank" rel="noopener noreferrer">
          {link.label}
        </a>
      </p>
      <div className={styles.actions}>
        <Button width="xl" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Dialog>
  );
}
