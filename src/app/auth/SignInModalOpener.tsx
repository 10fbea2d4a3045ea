import { useConnectModal } from "@rainbow-me/rainbowkit";
import { useEffect, useRef, type ReactNode } from "react";
import { useAccount } from "wagmi";
import { useSignIn } from "../../ui/hooks/SignInContext";

/** How long a dialog RainbowKit closed stays closed before it opens again (a cancel's disconnect lands first). */
const REOPEN_AFTER_CLOSE_MS = 500;

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
  const wasOpen = useRef(false);

  useEffect(() => {
    const closed = wasOpen.current && !connectModalOpen;
    wasOpen.current = connectModalOpen;
    if (!requested || !isConnected || status !== "unauthenticated" || connectModalOpen) return;
    // RainbowKit closes every modal in its own effect when the status turns "unauthenticated",
    // which runs after this child's effect; opening on the next tick keeps the dialog open. After a
    // close, wait a moment first: the user's cancel closes the dialog, then disconnects the wallet.
    const timer = setTimeout(() => openConnectModal?.(), closed ? REOPEN_AFTER_CLOSE_MS : 0);
    return () => clearTimeout(timer);
  }, [requested, isConnected, status, connectModalOpen, openConnectModal]);

  useEffect(() => {
    if (!isConnected && requested) cancelRequest();
  }, [isConnected, requested, cancelRequest]);

  return null;
}
