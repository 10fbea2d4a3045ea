import type { ReactNode } from "react";
import type { Launch } from "../../../domain/launch/launchCatalogue";
import { Icon } from "../../components/Icon";
import styles from "./SocialLinks.module.css";

type Social = Launch["socials"][number];

const NAMES: Record<Social["kind"], (symbol: string) => string> = {
  x: (symbol) => `${symbol} on X`,
  telegram: (symbol) => `${symbol} on Telegram`,
  discord: (symbol) => `${symbol} on Discord`,
  website: (symbol) => `${symbol} website`,
};

/** The launch's social links as icons; each link is named for screen readers and opens a new tab. */
export function SocialLinks({ symbol, socials }: { symbol: string; socials: readonly Social[] }): ReactNode {
  if (socials.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={`${symbol} links`}>
      {socials.map((social) => {
        const name = NAMES[social.kind](symbol);
        return (
          <li key={`${social.kind}:${social.url}`}>
            <a
              className={styles.link}
              href={social.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={name}
              title={name}
            >
              <Icon name={social.kind} size={18} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
