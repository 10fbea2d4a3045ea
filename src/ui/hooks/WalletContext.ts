import { createContext, useContext } from "react";
import type { Address } from "../../domain/address";

/** The connected wallet as the app sees it; all empty until the wallet stack has loaded. */
export interface WalletAccount {
  readonly address: Address | undefined;
  readonly chainId: number | undefined;
  readonly isConnected: boolean;
}

/** What the wallet stack (wagmi + RainbowKit, loaded on demand) publishes to the rest of the app. */
export interface WalletStackState {
  readonly account: WalletAccount;
  /**
   * Whether wagmi is still restoring a stored connection (or making one): until it answers, the
   * account is not known, and the header must not invite a connect the wallet is already making.
   */
  readonly restoring: boolean;
  readonly connectModalOpen: boolean;
  /** RainbowKit's own opener; undefined while it cannot open (e.g. already connected). */
  readonly openConnectModal: (() => void) | undefined;
}

export type WalletStackStatus = "idle" | "loading" | "ready" | "failed";

export interface WalletState extends WalletStackState {
  readonly status: WalletStackStatus;
  /** Loads the wallet stack (if needed), then opens RainbowKit's "Connect a Wallet" modal. */
  readonly requestConnect: () => void;
  /** Starts loading the wallet stack without opening anything (e.g. when the pointer nears Connect). */
  readonly preload: () => void;
  /** Whether a wallet connected on an earlier visit is being reconnected (the stack loads at once). */
  readonly reconnecting: boolean;
  /** Connect Wallet was pressed and the wallet code is still loading: the modal opens when it is in. */
  readonly connectPending: boolean;
  /** The element RainbowKit's connect button is rendered into (the header's slot). */
  readonly buttonSlot: HTMLElement | null;
  readonly setButtonSlot: (element: HTMLElement | null) => void;
}

/**
 * The wallet as the screens see it. The app supplies it (src/app/wallet/WalletProvider, which loads
 * wagmi and RainbowKit on demand); the screens only read it, so none of the wallet code is theirs.
 */
export const WalletContext = createContext<WalletState | null>(null);

export function useWallet(): WalletState {
  const state = useContext(WalletContext);
  if (!state) throw new Error("useWallet: no WalletProvider above this component.");
  return state;
}

/** The connected account (empty while disconnected or while the wallet stack is not loaded). */
export function useWalletAccount(): WalletAccount {
  return useWallet().account;
}
