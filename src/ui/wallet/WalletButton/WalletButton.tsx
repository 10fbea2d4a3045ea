import type { ReactNode } from "react";
import { useWallet } from "../../../app/wallet/WalletContext";
import styles from "./WalletButton.module.css";

export const CONNECT_LABEL = "Connect Wallet";

/**
 * The header's wallet button. RainbowKit's own button is drawn into the slot once the wallet stack
 * has loaded; until then a look-alike "Connect Wallet" stands in: pressing it loads the stack and
 * opens "Connect a Wallet", and pointing at it or focusing it starts the download early.
 */
export function WalletButton(): ReactNode {
  const { status, reconnecting, requestConnect, preload, setButtonSlot } = useWallet();
  const ready = status === "ready";
  return (
    <div className={styles.wallet}>
      {/* data-rk: RainbowKit scopes its styles and theme to elements carrying it. */}
      <div ref={setButtonSlot} data-rk="" className={ready ? undefined : styles.emptySlot} />
      {!ready && (
        <button
          type="button"
          className={styles.placeholder}
          onClick={requestConnect}
          onPointerEnter={preload}
          onFocus={preload}
          aria-busy={status === "loading" || reconnecting}
          disabled={reconnecting}
        >
          {reconnecting ? "Connecting\u2026" : CONNECT_LABEL}
        </button>
      )}
      {status === "failed" && (
        <p className={styles.error} role="alert">
          The wallet could not be loaded. Check your connection and press Connect Wallet again.
        </p>
      )}
    </div>
  );
}
