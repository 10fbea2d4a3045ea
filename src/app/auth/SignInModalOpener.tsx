import { useConnectModal } from "@rainbow-me/rainbowkit";
import { useEffect, type ReactNode } from "react";
import { useAccount } from "wagmi";
import { useSignIn } from "./SignInContext";

/**
 * Opens RainbowKit's "Verify your account" dialog once a sign-in was requested, until there is a
 * session, and drops the request when the wallet disconnects. Cancelling the dialog disconnects the
 * wallet (RainbowKit 2's onAuthCancel), so that is how the user's "no" arrives; a close while the
 * wallet stays connected is RainbowKit's own (it closes every modal on connect and when the status
 * turns "unauthenticated", e.g. right after connecting), and the dialog opens again.
 */
export function SignInModalOpener(): ReactNode {
  const { requested, status, cancelRequest } = useSignIn();
  const { isConnected } = useAccount();
  const { openConnectModal, connectModalOpen } = useConnectModal();

  useEffect(() => {
    if (!requested || status !== "unauthenticated" || connectModalOpen) return;
    // RainbowKit closes every modal in its own effect when the status turns "unauthenticated",
    // which runs after this child's effect; opening on the next tick keeps the dialog open.
    const timer = setTimeout(() => openConnectModal?.(), 0);
    return () => clearTimeout(timer);
  }, [requested, status, connectModalOpen, openConnectModal]);

  useEffect(() => {
    if (!isConnected && requested) cancelRequest();
  }, [isConnected, requested, cancelRequest]);

  return null;
}
