import type { ReactNode } from "react";
import { useWallet } from "../../hooks/WalletContext";
import styles from "./WalletButton.module.css";

export const CONNECT_LABEL = "Connect Wallet";
export const WALLETS_LOADING_TEXT = "Loading wallets\u2026";
const WALLETS_LOADING_ID = "wallet-button-loading";

/**
 * The header's wallet button. While no wallet is connected it is the app's own "Connect Wallet", in
 * RainbowKit's look: pressing it loads the wallet stack if needed and opens "Connect a Wallet", and
 * pointing at it or focusing it starts the download early. It stays the same element when the stack
 * arrives, so a press is never lost to a swap. Once a wallet is connected, RainbowKit's account and
 * chain buttons are drawn into the slot instead.
 */
export function WalletButton(): ReactNode {
  const { status, account, reconnecting, connectPending, requestConnect, preload, setButtonSlot } =
    useWallet();
  const connected = account.isConnected;
  // Pressed while the wallet code downloads (seconds on a slow phone): said on the button, and to
  // screen readers, until RainbowKit's modal opens. The label stays, so nothing moves.
  const pending = connectPending && status !== "ready";
  return (
    <div className={styles.wallet}>
      {/* data-rk: RainbowKit scopes its styles and theme to elements carrying it. */}
      <div ref={setButtonSlot} data-rk="" className={connected ? undefined : styles.emptySlot} />
      {!connected && (
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
