import type { ReactNode } from "react";
import styles from "./FormAlert.module.css";

/** Why a form's last submission failed: a boxed line in the danger colour, announced at once. */
export function FormAlert({ children }: { children: ReactNode }): ReactNode {
  return (
    <p className={styles.alert} role="alert">
      {children}
    </p>
  );
}
