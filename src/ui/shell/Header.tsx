import { ConnectButton } from "@rainbow-me/rainbowkit";
import type { ReactNode } from "react";
import styles from "./Header.module.css";

export function Header(): ReactNode {
  return (
    <header className={styles.header}>
      <a className={styles.logo} href="/" aria-label="POO Finance home">
        <img src="/poo-logo.svg" alt="" width={36} height={36} />
        <span>POO</span>
      </a>
      <div className={styles.actions}>
        <ConnectButton
          label="Connect Wallet"
          accountStatus="full"
          chainStatus={{ smallScreen: "icon", largeScreen: "full" }}
          showBalance={{ smallScreen: false, largeScreen: true }}
        />
      </div>
    </header>
  );
}
