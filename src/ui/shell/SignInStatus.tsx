import type { ReactNode } from "react";
import { useSignIn } from "../hooks/SignInContext";
import { useWalletAccount } from "../hooks/WalletContext";
import styles from "./Header.module.css";

/** Sign-in state beside the connect button: a way to sign in, or the signed-in state and sign-out. */
export function SignInStatus(): ReactNode {
  const { isConnected } = useWalletAccount();
  const { status, requestSignIn, signOut } = useSignIn();
  if (!isConnected || status === "loading") return null;
  if (status === "authenticated") {
    return (
      <div className={styles.signIn} role="status">
        <span className={styles.signedIn}>Signed in</span>
        <button type="button" className={styles.textButton} onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    );
  }
  return (
    <button type="button" className={styles.textButton} onClick={requestSignIn}>
      Sign in
    </button>
  );
}
