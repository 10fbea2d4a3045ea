import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { DomainError } from "../../domain/errors/domainError";
import { useSignIn } from "../hooks/SignInContext";
import { useWalletAccount } from "../hooks/WalletContext";
import styles from "./Header.module.css";

type Everywhere =
  | { readonly state: "idle" }
  | { readonly state: "pending" }
  | { readonly state: "done"; readonly ended: number }
  | { readonly state: "failed"; readonly reason: string };

function endedText(ended: number): string {
  if (ended === 0) return "Signed out everywhere: no other session was open.";
  return `Signed out everywhere: ${ended} ${ended === 1 ? "session" : "sessions"} ended.`;
}

function reasonOf(error: unknown): string {
  if (error instanceof DomainError) return error.details ?? error.shortMessage;
  return "Something went wrong. Please try again.";
}

/**
 * Sign-in state beside the connect button: a way to sign in, or the signed-in state with Sign out
 * (this browser) and Sign out everywhere (every session of the wallet, every browser and device).
 * While Sign out everywhere runs it stays focusable and says so; then it reports how many sessions
 * ended, or why it could not, and a keyboard user's focus moves to Sign in.
 */
export function SignInStatus(): ReactNode {
  const { isConnected } = useWalletAccount();
  const { status, requestSignIn, signOut, signOutEverywhere } = useSignIn();
  const [everywhere, setEverywhere] = useState<Everywhere>({ state: "idle" });
  const signInButton = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    // A new session starts a new story: the last "signed out everywhere" note no longer applies.
    if (status === "authenticated")
      setEverywhere((last) => (last.state === "done" ? { state: "idle" } : last));
    if (status !== "unauthenticated" || !moveFocus.current) return;
    moveFocus.current = false;
    signInButton.current?.focus();
  }, [status]);

  if (!isConnected || status === "loading") return null;

  const endEverywhere = (event: MouseEvent<HTMLButtonElement>): void => {
    if (everywhere.state === "pending") return;
    setEverywhere({ state: "pending" });
    // The pressed button goes away with the session: if it had focus, Sign in takes it.
    moveFocus.current = event.currentTarget === document.activeElement;
    signOutEverywhere().then(
      (ended) => setEverywhere({ state: "done", ended }),
      (error: unknown) => {
        moveFocus.current = false;
        setEverywhere({ state: "failed", reason: reasonOf(error) });
      },
    );
  };

  if (status === "authenticated") {
    const pending = everywhere.state === "pending";
    return (
      <div className={styles.signIn}>
        <span className={styles.signedIn} role="status">
          Signed in
        </span>
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            setEverywhere({ state: "idle" });
            void signOut();
          }}
        >
          Sign out
        </button>
        <button
          type="button"
          className={styles.textButton}
          aria-disabled={pending}
          aria-busy={pending}
          onClick={endEverywhere}
        >
          {pending ? "Signing out everywhere\u2026" : "Sign out everywhere"}
        </button>
        {everywhere.state === "failed" && (
          <span className={styles.signInError} role="alert">
            Not signed out everywhere: {everywhere.reason}
          </span>
        )}
      </div>
    );
  }
  return (
    <div className={styles.signIn}>
      <span className={styles.signInNote} role="status">
        {everywhere.state === "done" ? endedText(everywhere.ended) : ""}
      </span>
      <button ref={signInButton} type="button" className={styles.textButton} onClick={requestSignIn}>
        Sign in
      </button>
    </div>
  );
}
