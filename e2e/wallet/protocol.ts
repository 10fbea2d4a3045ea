/**
 * The messages between the provider injected into the page and the Node-side wallet. The page only
 * ever sees these shapes; keys and signing stay in the test process.
 */

export type Hex = `0x${string}`;

/** What the in-page provider sends through the exposed binding. */
export type BindingMessage =
  | { readonly kind: "hello" }
  | { readonly kind: "request"; readonly method: string; readonly params?: unknown };

/** The JSON-RPC error object the provider throws (EIP-1193 ProviderRpcError). */
export interface RpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export type BindingReply<T = unknown> =
  { readonly ok: true; readonly result: T } | { readonly ok: false; readonly error: RpcErrorObject };

/** Answer to `hello`: what the provider needs to know at page load, before the app asks anything. */
export interface HelloResult {
  readonly chainId: Hex;
  readonly accounts: readonly Hex[];
  readonly online: boolean;
}

/** EIP-1193 events the wallet pushes into the page. */
export type WalletEvent =
  | { readonly event: "accountsChanged"; readonly payload: readonly Hex[] }
  | { readonly event: "chainChanged"; readonly payload: Hex }
  | { readonly event: "connect"; readonly payload: { readonly chainId: Hex } }
  | { readonly event: "disconnect"; readonly payload: RpcErrorObject };

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
}

/** Everything the init script needs; passed as its (JSON-serialisable) argument. */
export interface InjectedProviderConfig {
  /** Name of the exposed binding the provider calls with {@link BindingMessage}s. */
  readonly bindingName: string;
  /** Name of the window property through which the test process dispatches {@link WalletEvent}s. */
  readonly bridgeName: string;
  readonly info: Eip6963ProviderInfo;
  /** Also set `window.ethereum` (when no other wallet did), as most browser wallets do. */
  readonly exposeAsWindowEthereum: boolean;
}
