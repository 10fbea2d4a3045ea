import type { ReactNode } from "react";
import styles from "./LaunchCard.module.css";

const TONES: Record<string, string | undefined> = {
  live: styles.tagLive,
  upcoming: styles.tagUpcoming,
};

export function TagList({ tags }: { tags: readonly string[] }): ReactNode {
  return (
    <ul className={styles.tags} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className={[styles.tag, TONES[tag.toLowerCase()]].filter(Boolean).join(" ")}>
          {tag}
        </li>
      ))}
    </ul>
  );
}
