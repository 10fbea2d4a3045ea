import type {
  BindingMessage,
  BindingReply,
  HelloResult,
  InjectedProviderConfig,
  RpcErrorObject,
  WalletEvent,
} from "./protocol";

/**
 * The in-page half of the test wallet: an EIP-1193 provider announced through EIP-6963.
 *
 * Playwright serialises this function into an init script, so it runs in every frame before any page
 * script and must not reference anything outside its own body (only type imports above). It holds no
 * keys: every request goes through the exposed binding to the Node-side controller, and the controller
 * pushes events back through `window[config.bridgeName].dispatch`.
 */
export function injectTestWalletProvider(config: InjectedProviderConfig): void {
  const globals = window as unknown as Record<string, unknown>;
  if (globals[config.bridgeName] !== undefined) return; // the script can run twice in one document

  type Listener = (...args: unknown[]) => void;
  type Binding = (message: BindingMessage) => Promise<BindingReply>;

  class ProviderRpcError extends Error {
    readonly code: number;
    readonly data: unknown;
    constructor({ code, message, data }: RpcErrorObject) {
      super(message);
      this.name = "ProviderRpcError";
      this.code = code;
      this.data = data;
    }
  }

  const listeners = new Map<string, Listener[]>();
  const state: { chainId: string | null; accounts: readonly string[]; online: boolean; eventSeen: boolean } =
    {
      chainId: null,
      accounts: [],
      online: false,
      eventSeen: false,
    };

  function emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        // A throwing app listener must not stop other listeners, as with Node's EventEmitter it would.
        console.error(`[POO Test Wallet] "${event}" listener threw`, error);
      }
    }
  }

  function callBinding(message: BindingMessage): Promise<BindingReply> {
    const binding = globals[config.bindingName] as Binding | undefined;
    if (typeof binding !== "function") {
      return Promise.resolve({
        ok: false,
        error: { code: 4900, message: "The test wallet is not reachable." },
      });
    }
    return binding(message);
  }

  function addListener(event: string, listener: Listener): void {
    if (typeof listener !== "function") throw new TypeError("listener must be a function");
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
  }

  function removeListener(event: string, listener: Listener): void {
    const current = listeners.get(event) ?? [];
    const index = current.lastIndexOf(listener);
    if (index >= 0) listeners.set(event, [...current.slice(0, index), ...current.slice(index + 1)]);
  }

  const provider = {
    isPooTestWallet: true,
    get chainId(): string | null {
      return state.chainId;
    },
    get selectedAddress(): string | null {
      return state.accounts[0] ?? null;
    },
    isConnected(): boolean {
      return state.online;
    },
    async request(args: { method: string; params?: unknown }): Promise<unknown> {
      if (args === null || typeof args !== "object" || Array.isArray(args)) {
        throw new ProviderRpcError({
          code: -32600,
          message: "Expected a single, non-array, object argument.",
        });
      }
      if (typeof args.method !== "string" || args.method.length === 0) {
        throw new ProviderRpcError({ code: -32600, message: "'args.method' must be a non-empty string." });
      }
      if (args.params !== undefined && (args.params === null || typeof args.params !== "object")) {
        throw new ProviderRpcError({
          code: -32600,
          message: "'args.params' must be an object or array if provided.",
        });
      }
      // Round-trip through JSON as a real wallet's message channel does (drops functions, undefined).
      let params: unknown;
      try {
        params = args.params === undefined ? undefined : (JSON.parse(JSON.stringify(args.params)) as unknown);
      } catch {
        throw new ProviderRpcError({ code: -32602, message: "'args.params' must be JSON-serialisable." });
      }
      const reply = await callBinding({ kind: "request", method: args.method, params });
      if (reply.ok) return reply.result;
      throw new ProviderRpcError(reply.error);
    },
    on(event: string, listener: Listener) {
      addListener(event, listener);
      return provider;
    },
    addListener(event: string, listener: Listener) {
      addListener(event, listener);
      return provider;
    },
    once(event: string, listener: Listener) {
      const wrapper: Listener = (...args) => {
        removeListener(event, wrapper);
        listener(...args);
      };
      addListener(event, wrapper);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      removeListener(event, listener);
      return provider;
    },
    off(event: string, listener: Listener) {
      removeListener(event, listener);
      return provider;
    },
    removeAllListeners(event?: string) {
      if (event === undefined) listeners.clear();
      else listeners.delete(event);
      return provider;
    },
    listenerCount(event: string): number {
      return listeners.get(event)?.length ?? 0;
    },
  };

  function dispatch({ event, payload }: WalletEvent): void {
    state.eventSeen = true;
    switch (event) {
      case "accountsChanged":
        state.accounts = payload;
        emit(event, [...payload]);
        return;
      case "chainChanged":
        state.chainId = payload;
        emit(event, payload);
        return;
      case "connect":
        state.online = true;
        state.chainId = payload.chainId;
        emit(event, { chainId: payload.chainId });
        return;
      case "disconnect":
        state.online = false;
        emit(event, new ProviderRpcError(payload));
        return;
    }
  }

  Object.defineProperty(window, config.bridgeName, { value: Object.freeze({ dispatch }), enumerable: false });

  const detail = Object.freeze({ info: Object.freeze({ ...config.info }), provider });
  const announce = (): void => {
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  };
  window.addEventListener("eip6963:requestProvider", announce);
  announce();

  if (config.exposeAsWindowEthereum && globals.ethereum === undefined) {
    Object.defineProperty(window, "ethereum", {
      value: detail.provider,
      configurable: true,
      enumerable: false,
    });
  }

  void callBinding({ kind: "hello" }).then((reply) => {
    // An event that arrived meanwhile is newer than the start-up state.
    if (!reply.ok || state.eventSeen) return;
    const hello = reply.result as HelloResult;
    state.accounts = hello.accounts;
    state.chainId = hello.chainId;
    if (hello.online) dispatch({ event: "connect", payload: { chainId: hello.chainId } });
  });
}
