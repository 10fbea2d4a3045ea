import { useConnectModal } from "@rainbow-me/rainbowkit";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAccount } from "wagmi";

/**
 * "Connect a wallet, then continue": runs the action at once when a wallet is connected, otherwise
 * opens RainbowKit's connect modal and runs it once connected (dropped if the modal is closed).
 */
export function useConnectThen(): (action: () => void) => void {
  const { isConnected } = useAccount();
  const { openConnectModal, connectModalOpen } = useConnectModal();
  const [pending, setPending] = useState<{ readonly action: () => void } | null>(null);
  const sawModal = useRef(false);

  useEffect(() => {
    if (pending === null) {
      sawModal.current = false;
      return;
    }
    if (isConnected) {
      setPending(null);
      pending.action();
      return;
    }
    if (connectModalOpen) sawModal.current = true;
    else if (sawModal.current) setPending(null);
  }, [pending, isConnected, connectModalOpen]);

  return useCallback(
    (action: () => void) => {
      if (isConnected) {
        action();
        return;
      }
      setPending({ action });
      openConnectModal?.();
    },
    [isConnected, openConnectModal],
  );
}
