import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Icon, type IconName } from "../components/Icon";
import { WalletButton } from "../wallet/WalletButton/WalletButton";
import styles from "./Header.module.css";
import { PooLogo } from "./PooLogo";
import { SignInStatus } from "./SignInStatus";

// The spec's four header icons have no behaviour yet; they say so instead of doing nothing silently.
const placeholderActions: { icon: IconName; label: string }[] = [
  { icon: "wallet", label: "Wallet" },
  { icon: "qr", label: "QR code" },
  { icon: "bell", label: "Notifications" },
  { icon: "logout", label: "Log out" },
];

export function Header(): ReactNode {
  return (
    <header className={styles.header}>
      <Link className={styles.logo} to="/" aria-label="POO Finance home">
        <PooLogo size={36} />
        <span aria-hidden="true">POO</span>
      </Link>
      <div className={styles.actions}>
        <SignInStatus />
        <WalletButton />
        <div className={styles.icons}>
          {placeholderActions.map((a) => (
            <button
              key={a.icon}
              type="button"
              className={styles.iconButton}
              aria-label={`${a.label} (coming soon)`}
              title={`${a.label} (coming soon)`}
            >
              <Icon name={a.icon} />
            </button>
          ))}
        </div>
      </div>
    </header>
  );
}
