import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import {
  WalletContext,
  type WalletStackState,
  type WalletStackStatus,
  type WalletState,
} from "../../ui/hooks/WalletContext";
import { hasStoredWalletConnection, walletStackRanBefore } from "./storedWalletConnection";

const DISCONNECTED: WalletStackState = {
  account: { address: undefined, chainId: undefined, isConnected: false },
  restoring: false,
  connectModalOpen: false,
  openConnectModal: undefined,
};

/** Between the provider, the host that renders the loaded stack, and the stack itself. */
interface StackPlumbing {
  readonly Stack: WalletStackComponent | null;
  readonly publish: (state: WalletStackState) => void;
  /** Whether the stack loads to reconnect a wallet connected on an earlier visit (autoConnect). */
  readonly reconnect: boolean;
}
const PlumbingContext = createContext<StackPlumbing | null>(null);

function usePlumbing(hook: string): StackPlumbing {
  const plumbing = useContext(PlumbingContext);
  if (!plumbing) throw new Error(`${hook}: no WalletProvider above this component.`);
  return plumbing;
}

/** For the wallet stack only: how it reports the account and RainbowKit's modal state. */
export function usePublishWalletState(): (state: WalletStackState) => void {
  return usePlumbing("usePublishWalletState").publish;
}

/**
 * For the wallet stack only: whether to reconnect on mount. Only when an earlier visit left a
 * connection: wagmi's reconnect asks every listed wallet for its provider, which downloads and starts
 * the Coinbase and WalletConnect SDKs (80-280 KB over the network) that a first visit never asked for.
 */
export function useReconnectOnMount(): boolean {
  return usePlumbing("useReconnectOnMount").reconnect;
}

/**
 * Renders the wallet stack once loaded. Place it beside the pages, inside every provider the stack
 * uses (query client, container, sign-in), so that loading it re-renders no page.
 */
export function WalletStackHost(): ReactNode {
  const { Stack } = usePlumbing("WalletStackHost");
  return Stack ? <Stack /> : null;
}

/** The wallet stack: renders nothing of its own in place, only RainbowKit's modals and button portal. */
export type WalletStackComponent = ComponentType;

export interface WalletProviderProps {
  /** Imports the wallet stack's module (a separate chunk). */
  load: () => Promise<WalletStackComponent>;
  /** Whether a wallet was connected on a previous visit: then the stack loads at once, to reconnect. */
  autoConnect?: boolean;
  /**
   * Whether the wallet stack ran in this browser before (a returning visitor who opened the wallet
   * modal): then it loads on the page's `load` event, so that Connect Wallet opens the modal at once
   * instead of after seconds of loading on a phone. A first visit runs none of it (see `prefetch`), so
   * Lighthouse, which always comes with a fresh profile, never meets this load.
   */
  warmUp?: boolean;
  /**
   * On a first visit (no stored connection, no earlier run), called once, half a second after the
   * visitor's first touch, click, key, wheel turn or scroll and not before `load` (unless the stack has
   * started loading by then): fetches the wallet stack's files without running them (prefetchWalletCode), so that
   * Connect Wallet waits for the code to run, not to download. A visitor who does nothing (and
   * Lighthouse) costs no wallet bytes.
   */
  prefetch?: () => void;
  children: ReactNode;
}

/** Runs `task` now if the page has loaded, else on its `load` event; returns a cancel function. */
function afterLoad(task: () => void): () => void {
  if (document.readyState === "complete") {
    task();
    return () => undefined;
  }
  const onLoad = (): void => task();
  window.addEventListener("load", onLoad, { once: true });
  return () => window.removeEventListener("load", onLoad);
}

/** What counts as the visitor's first interaction with the page. */
const INTERACTIONS = ["pointerdown", "keydown", "wheel", "scroll"] as const;
/** Between the interaction and the prefetch: a tap on Connect Wallet starts the real load by then. */
const AFTER_INTERACTION_MS = 500;
/**
 * How long the header says "Connecting…" while wagmi restores a stored connection. A wallet that does
 * not answer (a WalletConnect relay out of reach) must not leave Connect Wallet disabled for good.
 */
export const RESTORE_PATIENCE_MS = 8_000;

/**
 * Runs `task` once, AFTER_INTERACTION_MS after the visitor's first interaction with the page
 * (INTERACTIONS, seen on the window in the capture phase, so scrolls of any element count) and not
 * before the page's `load` event; returns a cancel function. Not in idle time: on a slow phone the
 * page may not be idle for seconds, and a reader taps Connect within them.
 */
function afterFirstInteraction(task: () => void): () => void {
  const listening = { capture: true, passive: true } as const;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelLoad: (() => void) | undefined;
  const stopListening = (): void => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, listening);
  };
  function onInteraction(): void {
    stopListening();
    timer = setTimeout(() => {
      cancelLoad = afterLoad(task);
    }, AFTER_INTERACTION_MS);
  }
  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, listening);
  return () => {
    stopListening();
    if (timer !== undefined) clearTimeout(timer);
    cancelLoad?.();
  };
}

/**
 * Keeps the wallet stack (wagmi, RainbowKit, viem's clients and the wallet SDKs: most of the app's
 * JavaScript) off the start-up path. It loads when the user asks for a wallet (Connect Wallet,
 * Whitelist, Apply), at once for a returning user whose wallet was connected, so auto-connect
 * still works, and on the `load` event for a returning visitor whose browser ran it before; a
 * first visit only downloads its files, after the visitor's first interaction (`prefetch`), running nothing.
 * The stack renders beside the pages (WalletStackHost), not around them, so loading it re-renders
 * no page; it reports the account here and, once a wallet is connected, draws RainbowKit's account
 * button into the header's slot.
 */
export function WalletProvider({
  load,
  autoConnect: autoConnectProp,
  warmUp: warmUpProp,
  prefetch,
  children,
}: WalletProviderProps): ReactNode {
  const [autoConnect] = useState(() => autoConnectProp ?? hasStoredWalletConnection());
  const [warmUp] = useState(() => warmUpProp ?? walletStackRanBefore());
  const [status, setStatus] = useState<WalletStackStatus>("idle");
  const [Stack, setStack] = useState<WalletStackComponent | null>(null);
  const [published, setPublished] = useState<WalletStackState>(DISCONNECTED);
  const [connectRequested, setConnectRequested] = useState(false);
  const [buttonSlot, setButtonSlot] = useState<HTMLElement | null>(null);
  const [restoreTimedOut, setRestoreTimedOut] = useState(false);

  const preload = useCallback(() => {
    setStatus((current) => (current === "idle" || current === "failed" ? "loading" : current));
  }, []);

  useEffect(() => {
    if (status !== "loading") return;
    let cancelled = false;
    load().then(
      (component) => {
        if (!cancelled) setStack(() => component);
      },
      (error: unknown) => {
        console.error("The wallet stack could not be loaded", error);
        if (cancelled) return;
        setStatus("failed");
        // Nothing to open: the user asks again (and the load is retried) when ready to.
        setConnectRequested(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status, load]);

  useEffect(() => {
    if (autoConnect) preload();
    // Not in idle time: a throttled phone's page is busy for seconds after load, and the visitor who
    // came back taps Connect Wallet within them (the bench's warm visit: click → modal 0.7-1.0 s then).
    else if (warmUp) return afterLoad(preload);
  }, [autoConnect, warmUp, preload]);

  // A first visit: the files only, after the first interaction, while nothing has started the load.
  const notLoading = status === "idle";
  useEffect(() => {
    if (prefetch && !autoConnect && !warmUp && notLoading) return afterFirstInteraction(prefetch);
  }, [prefetch, autoConnect, warmUp, notLoading]);

  const restoring = autoConnect && status === "ready" && published.restoring;
  useEffect(() => {
    if (!restoring) return;
    const timer = setTimeout(() => setRestoreTimedOut(true), RESTORE_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [restoring]);

  const publish = useCallback((state: WalletStackState) => {
    setPublished(state);
    setStatus("ready");
  }, []);

  // A connect request made before the stack was ready opens the modal as soon as it can.
  const { openConnectModal } = published;
  useEffect(() => {
    if (!connectRequested || !openConnectModal) return;
    setConnectRequested(false);
    openConnectModal();
  }, [connectRequested, openConnectModal]);

  const requestConnect = useCallback(() => {
    if (published.account.isConnected) return;
    if (openConnectModal) openConnectModal();
    else {
      setConnectRequested(true);
      preload();
    }
  }, [published.account.isConnected, openConnectModal, preload]);

  const state = useMemo<WalletState>(
    () => ({
      ...published,
      status,
      reconnecting:
        (autoConnect && (status === "idle" || status === "loading")) || (restoring && !restoreTimedOut),
      connectPending: connectRequested && status !== "failed",
      requestConnect,
      preload,
      buttonSlot,
      setButtonSlot,
    }),
    [
      published,
      status,
      autoConnect,
      restoring,
      restoreTimedOut,
      connectRequested,
      requestConnect,
      preload,
      buttonSlot,
    ],
  );

  const plumbing = useMemo(() => ({ Stack, publish, reconnect: autoConnect }), [Stack, publish, autoConnect]);

  return (
    <WalletContext.Provider value={state}>
      <PlumbingContext.Provider value={plumbing}>{children}</PlumbingContext.Provider>
    </WalletContext.Provider>
  );
}
