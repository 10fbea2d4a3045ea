import type { ReactNode } from "react";
import { useWallet } from "../../../app/wallet/WalletContext";
import styles from "./WalletButton.module.css";

export const CONNECT_LABEL = "Connect Wallet";
export const WALLETS_LOADING_TEXT = "Loading wallets\u2026";
const WALLETS_LOADING_ID = "wallet-button-loading";

/**
 * The header's wallet button. RainbowKit's own button is drawn into the slot once the wallet stack
 * has loaded; until then a look-alike "Connect Wallet" stands in: pressing it loads the stack and
 * opens "Connect a Wallet", and pointing at it or focusing it starts the download early.
 */
export function WalletButton(): ReactNode {
  const { status, reconnecting, connectPending, requestConnect, preload, setButtonSlot } = useWallet();
  const ready = status === "ready";
  // Pressed while the wallet code downloads (seconds on a slow phone): said on the button, and to
  // screen readers, until RainbowKit's modal opens. The label stays, so nothing moves.
  const pending = connectPending && !ready;
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
          aria-busy={pending || reconnecting}
          aria-describedby={pending ? WALLETS_LOADING_ID : undefined}
          data-pending={pending ? "" : undefined}
          disabled={reconnecting}
        >
          {reconnecting ? "Connecting\u2026" : CONNECT_LABEL}
        </button>
      )}
      <span id={WALLETS_LOADING_ID} role="status" className="visually-hidden">
        {pending ? WALLETS_LOADING_TEXT : ""}
      </span>
      {status === "failed" && (
        <p className={styles.error} role="alert">
          The wallet could not be loaded. Check your connection and press Connect Wallet again.
        </p>
      )}
    </div>
  );
}
