import { useConnectModal } from "@rainbow-me/rainbowkit";
import { useEffect, useRef, type ReactNode } from "react";
import { useAccount } from "wagmi";
import { useSignIn } from "./SignInContext";

/**
 * Opens RainbowKit's "Verify your account" dialog once a sign-in was requested, and drops the
 * request when the dialog closes without a session (RainbowKit disconnects on cancel).
 */
export function SignInModalOpener(): ReactNode {
  const { requested, status, cancelRequest } = useSignIn();
  const { isConnected } = useAccount();
  const { openConnectModal, connectModalOpen } = useConnectModal();
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!requested || status !== "unauthenticated" || connectModalOpen) return;
    // RainbowKit closes every modal in its own effect when the status turns "unauthenticated",
    // which runs after this child's effect; opening on the next tick keeps the dialog open.
    const timer = setTimeout(() => openConnectModal?.(), 0);
    return () => clearTimeout(timer);
  }, [requested, status, connectModalOpen, openConnectModal]);

  useEffect(() => {
    if (connectModalOpen) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      if (requested) cancelRequest();
    }
  }, [connectModalOpen, requested, cancelRequest]);

  useEffect(() => {
    if (!isConnected && requested) cancelRequest();
  }, [isConnected, requested, cancelRequest]);

  return null;
}
