import { useCallback, useEffect, useRef, useState } from "react";
import { useWallet } from "../hooks/WalletContext";

/**
 * "Connect a wallet, then continue": runs the action at once when a wallet is connected, otherwise
 * opens RainbowKit's connect modal (loading the wallet stack first if needed) and runs it once
 * connected (dropped if the modal is closed, or the wallet stack cannot load).
 */
export function useConnectThen(): (action: () => void) => void {
  const { account, connectModalOpen, requestConnect, status } = useWallet();
  const { isConnected } = account;
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
    else if (sawModal.current || status === "failed") setPending(null);
  }, [pending, isConnected, connectModalOpen, status]);

  return useCallback(
    (action: () => void) => {
      if (isConnected) {
        action();
        return;
      }
      setPending({ action });
      requestConnect();
    },
    [isConnected, requestConnect],
  );
}
