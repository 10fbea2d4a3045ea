import type { BrowserContext, Page } from "@playwright/test";
import type { Address, Hash, Hex } from "viem";

/**
 * Requests for which a browser wallet asks its user. `rejectNext` / `holdNext` name one of these (the
 * injected test wallet also accepts any other method name; an extension driver need not).
 */
export type ApprovalMethod =
  | "eth_requestAccounts"
  | "wallet_requestPermissions"
  | "eth_sendTransaction"
  | "wallet_sendCalls"
  | "personal_sign"
  | "eth_signTypedData_v4"
  | "wallet_switchEthereumChain"
  | "wallet_addEthereumChain"
  | "wallet_watchAsset";

/** A transaction the wallet signed and handed to the node. */
export interface SentTransaction {
  readonly hash: Hash;
  readonly from: Address;
  readonly to: Address | null;
  readonly value: bigint;
  readonly data: Hex | undefined;
  readonly nonce: number;
  readonly chainId: number;
  /** Origin of the page that asked for it. */
  readonly origin: string;
  /** Set when the wallet sent it in place of an earlier transaction ("Speed up" / "Cancel"). */
  readonly replaces?: { readonly hash: Hash; readonly how: "speed-up" | "cancel" };
  /** Set when it was sent for an EIP-5792 batch (`wallet_sendCalls`): the batch's id. */
  readonly batchId?: string;
  /** Set when it carried an EIP-7702 authorization delegating the account to this contract. */
  readonly delegatesTo?: Address;
}

/** An EIP-5792 batch (`wallet_sendCalls`) the wallet accepted and sent. */
export interface SentCalls {
  /** The id `wallet_sendCalls` answered (the app's own when it chose one). */
  readonly id: string;
  readonly from: Address;
  readonly chainId: number;
  readonly calls: readonly { readonly to: Address; readonly data: Hex | undefined; readonly value: bigint }[];
  readonly atomicRequired: boolean;
  /** True when the calls went out as one transaction that runs them all or none (EIP-7702). */
  readonly atomic: boolean;
  /** True when that transaction also delegated the account (an EIP-7702 authorization in a type-4 transaction). */
  readonly upgraded: boolean;
  /**
   * The transactions that carry the calls, in order: one for an atomic batch, one per call sent so far
   * otherwise. After a speed-up, the replacement's hash; a cancel is listed in `sentTransactions`.
   */
  readonly transactionHashes: readonly Hash[];
  /** Origin of the page that asked for it. */
  readonly origin: string;
}

/** A message or typed-data signature the wallet produced. */
export interface SignatureRecord {
  readonly method: "personal_sign" | "eth_signTypedData_v4";
  readonly address: Address;
  readonly signature: Hex;
  readonly origin: string;
}

/** A token the app asked the wallet to track (EIP-747 `wallet_watchAsset`). */
export interface WatchedAsset {
  readonly type: string;
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
  readonly image: string | undefined;
  readonly origin: string;
}

/** An approval request the test holds open, to look at the app while it waits for the wallet. */
export interface HeldApproval {
  /** Resolves with the method and params once the app has made the request. */
  request(): Promise<{ readonly method: string; readonly params: unknown }>;
  /** Lets the request go ahead (waits for it to arrive first). */
  approve(): Promise<void>;
  /** Rejects it as the user would (code 4001; waits for it to arrive first). */
  reject(): Promise<void>;
}

export interface WaitOptions {
  /** How long to wait for the app to make the request; default 10 s. */
  readonly timeoutMs?: number;
}

/**
 * What an end-to-end spec may ask of the wallet, whichever wallet runs: the injected test wallet here,
 * or a real extension (MetaMask through Synpress) where one can be installed. Every method is async
 * because an extension driver works through the extension's own pages.
 *
 * Approvals: a spec performs the UI action, then calls `approveConnection` / `confirmTransaction` /
 * `confirmSignature`. The injected wallet approves as requests arrive, so for it these wait until the
 * request was made and approved; an extension driver clicks the button in its popup. Rejections and
 * holds are armed before the UI action (`rejectNext`, `holdNext`).
 */
export interface WalletDriver {
  /** The name the app lists the wallet under (its EIP-6963 name). */
  readonly name: string;
  /** Makes the wallet available to every page of the context (or to one page); call before navigating. */
  install(target: BrowserContext | Page): Promise<void>;
  /** The wallet's accounts, index 0 first. */
  accounts(): Promise<readonly Address[]>;
  /** The account the wallet signs with now. */
  activeAccount(): Promise<Address>;
  /** The chain the wallet is on now (what `eth_chainId` answers). */
  chainId(): Promise<number>;
  /** Waits for the app's connection request, approves it, and resolves with the connected address. */
  approveConnection(options?: WaitOptions): Promise<Address>;
  /**
   * Waits for the app's next transaction request (`eth_sendTransaction`), approves it, and resolves
   * once it was sent. A batch's transactions are not among these: see `confirmCalls`.
   */
  confirmTransaction(options?: WaitOptions): Promise<SentTransaction>;
  /**
   * Waits for the app's next EIP-5792 batch (`wallet_sendCalls`), approves it, and resolves once its
   * first transaction was sent. Only for wallets that batch on the chain in use.
   */
  confirmCalls(options?: WaitOptions): Promise<SentCalls>;
  /** Waits for the app's next signature request (personal_sign, typed data), approves it. */
  confirmSignature(options?: WaitOptions): Promise<SignatureRecord>;
  /** The next matching request (by default the next one that needs approval) fails with code 4001. */
  rejectNext(method?: ApprovalMethod): Promise<void>;
  /** Holds the next matching approval request open until the test approves or rejects it. */
  holdNext(method?: ApprovalMethod): Promise<HeldApproval>;
  /** Selects another account in the wallet; a connected app gets `accountsChanged`. */
  switchAccount(indexOrAddress: number | Address): Promise<Address>;
  /** Switches the wallet's network from within the wallet; the app gets `chainChanged`. */
  switchChain(chainId: number): Promise<void>;
  /** Disconnects the site from within the wallet; the app gets `accountsChanged([])`. */
  disconnect(): Promise<void>;
  /** Transactions the wallet has sent, oldest first. */
  sentTransactions(): Promise<readonly SentTransaction[]>;
}
