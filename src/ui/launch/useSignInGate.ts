import { useCallback, useEffect, useRef, useState } from "react";
import { useSignIn } from "../hooks/SignInContext";

interface Pending {
  readonly action: () => void;
  readonly onCancel: (() => void) | undefined;
}

export interface SignInGate {
  /**
   * True while this gate waits for the "Verify your account" dialog. Callers hide their own modal
   * dialogs meanwhile: a native modal dialog makes everything outside it (RainbowKit's too) inert.
   */
  readonly waiting: boolean;
  /** Runs `action` once signed in: at once, or after a successful sign-in; `onCancel` if the user gives up. */
  run(action: () => void, onCancel?: () => void): void;
}

/** "Sign in first, then continue": asks for a Sign-In with Ethereum session only when there is none. */
export function useSignInGate(): SignInGate {
  const { status, requested, requestSignIn, cancelRequest } = useSignIn();
  const [pending, setPending] = useState<Pending | null>(null);
  // The request flag turns on one render after run(); only its fall after that means "cancelled".
  const sawRequest = useRef(false);

  useEffect(() => {
    if (pending === null) {
      sawRequest.current = false;
      return;
    }
    if (status === "authenticated") {
      setPending(null);
      if (requested) cancelRequest();
      pending.action();
      return;
    }
    if (requested) sawRequest.current = true;
    else if (sawRequest.current) {
      setPending(null);
      pending.onCancel?.();
    }
  }, [pending, status, requested, cancelRequest]);

  const run = useCallback(
    (action: () => void, onCancel?: () => void) => {
      if (status === "authenticated") {
        action();
        return;
      }
      setPending({ action, onCancel });
      requestSignIn();
    },
    [status, requestSignIn],
  );

  return { waiting: pending !== null, run };
}
