import type { ReactNode } from "react";
import styles from "./Spinner.module.css";

/** Decorative: the text beside it says what is happening. */
export function Spinner({ size = 40 }: { size?: number }): ReactNode {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
