import { randomUUID } from "node:crypto";
import {
  defineChain,
  getAddress,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  numberToHex,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
  type SignedAuthorizationList,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getHttpRpcClient, type HttpRpcClient } from "viem/utils";
import { CallBatches } from "./CallBatches";
import { hardhatPrivateKeys } from "./hardhatAccounts";
import { sendSignedTransaction } from "./sendSignedTransaction";
import type { BindingMessage, BindingReply, HelloResult, RpcErrorObject, WalletEvent } from "./protocol";
import { defaultWalletChains, type WalletChain } from "./walletChains";
import type { HeldApproval, SentCalls, SentTransaction, SignatureRecord, WatchedAsset } from "./WalletDriver";
import {
  parseCallsIdParams,
  parseGetCapabilitiesParams,
  parseSendCallsParams,
  type SendCallsRequest,
} from "./walletCallsParams";
import {
  parseAccountsPermissionParams,
  parseAddChainParams,
  parsePersonalSignParams,
  parseSwitchChainParams,
  parseTransactionParams,
  parseTypedDataParams,
  parseWatchAssetParams,
  type TransactionParams,
} from "./walletParams";
import { RpcErrorCode, toRpcErrorObject, WalletRpcError } from "./WalletRpcError";

/** One request the page made, as the wallet saw it. */
export interface RecordedRequest {
  readonly method: string;
  readonly params: unknown;
  readonly origin: string;
  readonly outcome: "pending" | "ok" | "error";
  readonly result?: unknown;
  readonly error?: RpcErrorObject;
}

/** The EIP-2255 permission object `wallet_requestPermissions` / `wallet_getPermissions` return. */
export interface AccountsPermission {
  readonly id: string;
  readonly parentCapability: "eth_accounts";
  readonly invoker: string;
  readonly date: number;
  readonly caveats: readonly [
    { readonly type: "restrictReturnedAccounts"; readonly value: readonly Address[] },
  ];
}

/**
 * The EIP-5792 atomic capability the wallet offers on the node's chain: "supported" (batches run
 * atomically; the first one also delegates the account, without asking), "ready" (the account is not
 * upgraded yet: the first batch asks the user to upgrade it), "bundle" (announced as "supported", but
 * a batch goes as one transaction per call, all mined in one block, a receipt for each), "off" (no
 * atomic capability).
 */
export type BatchingMode = "supported" | "ready" | "bundle" | "off";

/** What wallet_getCallsStatus answers for a batch whose calls went through only in part. */
export type PartialStatus = 500 | 600;

/** The wallet asked its user to upgrade the account to a smart account (EIP-7702) for a batch. */
export interface UpgradeRequest {
  readonly account: Address;
  readonly chainId: number;
  readonly origin: string;
  readonly accepted: boolean;
}

/** Delivers an event to the pages of the given origins ("all" for every page). */
export type EventSink = (event: WalletEvent, origins: readonly string[] | "all") => Promise<void>;

export interface TestWalletControllerOptions {
  /** The node every non-wallet request goes to, and transactions are sent to. */
  readonly rpcUrl: string;
  /** Chain id the node serves (Hardhat: 31337). The wallet starts on it. */
  readonly nodeChainId?: number;
  /** Keys of the wallet's accounts; default: Hardhat's first 10 default accounts. */
  readonly privateKeys?: readonly Hex[];
  /** Index of the account selected at start; default 0. */
  readonly accountIndex?: number;
  /** Networks the wallet knows; default: the local chain, Ethereum, Sepolia. */
  readonly chains?: readonly WalletChain[];
  /** EIP-5792 atomic batching on the node's chain; default "off" (apps then send one transaction per step). */
  readonly batching?: BatchingMode;
}

/** Methods the wallet handles itself and does not support; never forwarded (the node would sign them). */
const unsupportedMethods = new Set([
  "eth_sign",
  "eth_signTransaction",
  "eth_signTypedData",
  "eth_signTypedData_v1",
  "eth_signTypedData_v3",
  "eth_getEncryptionPublicKey",
  "eth_decrypt",
]);

function batchingMode(mode: BatchingMode): BatchingMode {
  if (mode !== "supported" && mode !== "ready" && mode !== "bundle" && mode !== "off")
    throw new Error(`batching must be "supported", "ready", "bundle" or "off", not ${JSON.stringify(mode)}`);
  return mode;
}

interface RejectionRule {
  readonly method: string | undefined;
}

interface Hold {
  readonly method: string | undefined;
  arrived: (request: { method: string; params: unknown }) => void;
  decision: Promise<"approve" | "reject">;
}

type MutableRecord = { -readonly [K in keyof RecordedRequest]: RecordedRequest[K] };

/**
 * The Node-side half of the injected test wallet: a browser wallet's state machine (accounts,
 * per-origin connection permission, known networks), real signing with viem, and forwarding of every
 * other request to the local node. Private keys never reach the page.
 *
 * It approves every request as it arrives, like a user who always clicks "Confirm", unless a test
 * armed a rejection (`rejectNextRequest`) or a hold (`holdNextApproval`). Approval requests are handled
 * one at a time, as a wallet queues its confirmation windows.
 *
 * Whatever network the wallet is on, reads go to the one local node: switching to a chain the node
 * does not serve models the "wrong network" case (eth_chainId reports that chain; the node still
 * answers reads; transactions signed for it fail at the node).
 */
export class TestWalletController {
  readonly rpcUrl: string;
  readonly accounts: readonly PrivateKeyAccount[];
  readonly #rpc: HttpRpcClient;
  readonly #chains = new Map<number, WalletChain>();
  readonly #permissions = new Map<string, AccountsPermission>();
  readonly #log: MutableRecord[] = [];
  readonly #sent: SentTransaction[] = [];
  readonly #signatures: SignatureRecord[] = [];
  readonly #assets: WatchedAsset[] = [];
  readonly #rejections: RejectionRule[] = [];
  readonly #holds: Hold[] = [];
  readonly #sinks = new Set<EventSink>();
  readonly #nodeChainId: number;
  readonly #batches = new CallBatches({
    request: (method, params) => this.#forward(method, params),
    signAndSend: (origin, transaction, options) => this.#signAndSend(origin, transaction, options),
    oneAtATime: (action) => this.#oneAtATime(action),
  });
  /** The EIP-7702 authorizations a sent transaction carried, by lowercase hash (a speed-up resends them). */
  readonly #authorizations = new Map<string, SignedAuthorizationList>();
  readonly #upgradeRequests: UpgradeRequest[] = [];
  readonly #shownCalls: string[] = [];
  #upgradeDeclines = 0;
  #batching: BatchingMode;
  #active: PrivateKeyAccount;
  #chainId: number;
  #online = true;
  #approvalQueue: Promise<void> = Promise.resolve();
  #nextRpcId = 1;

  constructor({
    rpcUrl,
    nodeChainId = 31_337,
    privateKeys = hardhatPrivateKeys(10),
    accountIndex = 0,
    chains,
    batching = "off",
  }: TestWalletControllerOptions) {
    if (privateKeys.length === 0) throw new Error("the wallet needs at least one private key");
    this.rpcUrl = rpcUrl;
    this.#rpc = getHttpRpcClient(rpcUrl);
    this.accounts = privateKeys.map((key) => privateKeyToAccount(key));
    this.#active = this.#accountAt(accountIndex);
    for (const chain of chains ?? defaultWalletChains(rpcUrl, nodeChainId))
      this.#chains.set(chain.chainId, chain);
    if (!this.#chains.has(nodeChainId))
      throw new Error(`the chains must include the node's chain ${nodeChainId}`);
    this.#chainId = nodeChainId;
    this.#nodeChainId = nodeChainId;
    this.#batching = batchingMode(batching);
  }

  // ---------------------------------------------------------------- test-side API

  get address(): Address {
    return this.#active.address;
  }

  get addresses(): readonly Address[] {
    return this.accounts.map((account) => account.address);
  }

  get chainId(): number {
    return this.#chainId;
  }

  get online(): boolean {
    return this.#online;
  }

  /** Registers where events go (the Playwright glue adds one per installation); returns its removal. */
  addEventSink(sink: EventSink): () => void {
    this.#sinks.add(sink);
    return () => this.#sinks.delete(sink);
  }

  /** Selects another account, as the user would in the wallet; connected origins get accountsChanged. */
  async switchAccount(indexOrAddress: number | Address): Promise<Address> {
    const next =
      typeof indexOrAddress === "number"
        ? this.#accountAt(indexOrAddress)
        : this.accounts.find(
            (account) => isAddress(indexOrAddress) && isAddressEqual(account.address, indexOrAddress),
          );
    if (!next) throw new Error(`the wallet has no account ${String(indexOrAddress)}`);
    if (next !== this.#active) {
      this.#active = next;
      await this.#emitAccountsToConnected();
    }
    return next.address;
  }

  /**
   * Switches network from within the wallet (every page gets chainChanged). A chain the wallet does
   * not know is added with a placeholder name, so any id works for the "wrong network" case.
   */
  async switchChain(chainId: number): Promise<void> {
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`invalid chain id ${chainId}`);
    if (!this.#chains.has(chainId)) {
      this.addChain({
        chainId,
        chainName: `Chain ${chainId}`,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: [this.rpcUrl],
        blockExplorerUrls: [],
      });
    }
    await this.#setChain(chainId);
  }

  /**
   * Replaces a sent transaction that is still pending, as a wallet's "Speed up" and "Cancel" do: a
   * new transaction with the same nonce and fees raised by half, signed by the same account. Speed
   * up resends the same call (for a batch, with the same EIP-7702 authorization); cancel sends 0 ETH
   * from the account to itself. The node drops the original. Resolves with the replacement's hash
   * (also listed in sentTransactions, with `replaces`); a batch's status follows the replacement.
   */
  async replaceTransaction(hash: Hash, how: "speed-up" | "cancel"): Promise<Hash> {
    const original = this.#sent.find((sent) => sent.hash.toLowerCase() === hash.toLowerCase());
    if (!original) throw new Error(`the wallet sent no transaction ${hash}`);
    const account = this.accounts.find((candidate) => isAddressEqual(candidate.address, original.from));
    if (!account) throw new Error(`the wallet has no key for ${original.from}`);
    const pending = (await this.#forward("eth_getTransactionByHash", [hash])) as {
      blockNumber: Hex | null;
      gas: Hex;
      maxFeePerGas?: Hex;
      maxPriorityFeePerGas?: Hex;
      gasPrice?: Hex;
    } | null;
    if (!pending) throw new Error(`the node does not know ${hash} (dropped?)`);
    if (pending.blockNumber !== null) throw new Error(`${hash} is already mined: nothing to replace`);
    const raise = (fee: Hex | undefined): bigint | undefined =>
      fee === undefined ? undefined : (hexToBigInt(fee) * 3n) / 2n + 1n;
    const speedUp = how === "speed-up";
    const authorizationList = speedUp ? this.#authorizations.get(hash.toLowerCase()) : undefined;
    const transaction = {
      from: account.address,
      to: speedUp ? original.to : account.address,
      value: speedUp ? original.value : 0n,
      data: speedUp ? original.data : undefined,
      nonce: original.nonce,
    };
    const { hash: replacement } = await sendSignedTransaction({
      account,
      chain: this.#viemChain(original.chainId),
      rpcUrl: this.rpcUrl,
      transaction: {
        ...transaction,
        authorizationList,
        // A wallet keeps the gas limit it estimated for the call. A transfer to itself needs 21,000
        // from a plain account, more from a delegated one (its code runs): the node says how much.
        gas: speedUp
          ? hexToBigInt(pending.gas)
          : hexToBigInt(
              (await this.#forward("eth_estimateGas", [
                { from: account.address, to: account.address, value: "0x0" },
              ])) as Hex,
            ),
        ...(pending.maxFeePerGas
          ? {
              maxFeePerGas: raise(pending.maxFeePerGas),
              maxPriorityFeePerGas: raise(pending.maxPriorityFeePerGas),
            }
          : { gasPrice: raise(pending.gasPrice) }),
      },
    });
    if (authorizationList) this.#authorizations.set(replacement.toLowerCase(), authorizationList);
    this.#sent.push({
      hash: replacement,
      ...transaction,
      chainId: original.chainId,
      origin: original.origin,
      replaces: { hash: original.hash, how },
      ...(original.batchId === undefined ? {} : { batchId: original.batchId }),
      ...(authorizationList && original.delegatesTo ? { delegatesTo: original.delegatesTo } : {}),
    });
    if (original.batchId !== undefined) this.#batches.replaced(original.batchId, hash, replacement, how);
    return replacement;
  }

  /**
   * What wallet_getCallsStatus answers from now on for a batch whose calls went through only in part
   * (a bundle whose approval was mined and whose stake reverted): 600, EIP-5792's "partially
   * reverted" (default), or 500, as a wallet that calls any failed bundle reverted. The receipts
   * are the same either way.
   */
  setPartialStatus(status: PartialStatus): void {
    if (status !== 500 && status !== 600)
      throw new Error(`the partial status must be 500 or 600, not ${status}`);
    this.#batches.partialStatus = status;
  }

  /** The atomic capability the wallet offers from now on (see {@link BatchingMode}). */
  setBatching(mode: BatchingMode): void {
    this.#batching = batchingMode(mode);
  }

  get batching(): BatchingMode {
    return this.#batching;
  }

  /**
   * With batching "ready", the next request to upgrade the account (the first atomic batch of an
   * account not yet delegated) is declined, as the user would in the wallet: wallet_sendCalls then
   * fails with 5750 and sends nothing when the app required atomicity, else sends the calls one by one.
   */
  declineNextUpgrade(): void {
    this.#upgradeDeclines++;
  }

  /** Every time the wallet asked to upgrade an account for a batch, oldest first. */
  upgradeRequests(): readonly UpgradeRequest[] {
    return [...this.#upgradeRequests];
  }

  /** The EIP-5792 batches the wallet accepted, oldest first. */
  callBatches(): readonly SentCalls[] {
    return this.#batches.records();
  }

  /** Ids of the batches a page asked the wallet to show (wallet_showCallsStatus), oldest first. */
  shownCallsStatus(): readonly string[] {
    return [...this.#shownCalls];
  }

  /** Adds a network to the wallet without switching to it. */
  addChain(chain: WalletChain): void {
    this.#chains.set(chain.chainId, chain);
  }

  chains(): readonly WalletChain[] {
    return [...this.#chains.values()];
  }

  /**
   * The next request for `method` fails with 4001 "User rejected the request." and has no effect.
   * Without a method: the next request that needs the user's approval (connect, sign, send, switch
   * or add network, watch asset), so background reads cannot use up the rejection.
   */
  rejectNextRequest(method?: string): void {
    this.#rejections.push({ method });
  }

  /** Holds the next approval request (for `method`, or any) until the test approves or rejects it. */
  holdNextApproval(method?: string): HeldApproval {
    let arrived!: (request: { method: string; params: unknown }) => void;
    const requested = new Promise<{ method: string; params: unknown }>((resolve) => (arrived = resolve));
    let decide!: (decision: "approve" | "reject") => void;
    const decision = new Promise<"approve" | "reject">((resolve) => (decide = resolve));
    this.#holds.push({ method, arrived, decision });
    const settle = async (choice: "approve" | "reject"): Promise<void> => {
      await requested;
      decide(choice);
    };
    return { request: () => requested, approve: () => settle("approve"), reject: () => settle("reject") };
  }

  /** Every request the pages made, oldest first (wallet-internal start-up messages excluded). */
  requests(): readonly RecordedRequest[] {
    return this.#log.map((record) => ({ ...record }));
  }

  sentTransactions(): readonly SentTransaction[] {
    return [...this.#sent];
  }

  signatures(): readonly SignatureRecord[] {
    return [...this.#signatures];
  }

  watchedAssets(): readonly WatchedAsset[] {
    return [...this.#assets];
  }

  /** Origins the user has connected (granted eth_accounts). */
  connectedOrigins(): readonly string[] {
    return [...this.#permissions.keys()];
  }

  /** Disconnects one origin (or all) from within the wallet: those pages get accountsChanged([]). */
  async disconnect(origin?: string): Promise<void> {
    const origins =
      origin === undefined ? this.connectedOrigins() : this.connectedOrigins().filter((o) => o === origin);
    for (const o of origins) this.#permissions.delete(o);
    if (origins.length > 0) await this.#emit({ event: "accountsChanged", payload: [] }, origins);
  }

  /**
   * Simulates the wallet losing (false) or regaining (true) its connection to the network: pages get
   * EIP-1193 `disconnect` (code 4900) or `connect`, and requests fail with 4900 meanwhile.
   */
  async setOnline(online: boolean): Promise<void> {
    if (online === this.#online) return;
    this.#online = online;
    await this.#emit(
      online
        ? { event: "connect", payload: { chainId: numberToHex(this.#chainId) } }
        : {
            event: "disconnect",
            payload: {
              code: RpcErrorCode.disconnected,
              message: "The provider is disconnected from all chains.",
            },
          },
      "all",
    );
  }

  // ---------------------------------------------------------------- page-side entry point

  /** Answers one message from the in-page provider of a page at `origin`. Never throws. */
  async handle(origin: string, message: BindingMessage): Promise<BindingReply> {
    if (message.kind === "hello") {
      const hello: HelloResult = {
        chainId: numberToHex(this.#chainId),
        accounts: this.#accountsFor(origin),
        online: this.#online,
      };
      return { ok: true, result: hello };
    }
    const record: MutableRecord = {
      method: message.method,
      params: message.params,
      origin,
      outcome: "pending",
    };
    this.#log.push(record);
    try {
      const result = await this.#request(origin, message.method, message.params);
      record.outcome = "ok";
      record.result = result;
      return { ok: true, result: result ?? null };
    } catch (error) {
      const rpcError = toRpcErrorObject(error);
      record.outcome = "error";
      record.error = rpcError;
      return { ok: false, error: rpcError };
    }
  }

  async #request(origin: string, method: string, params: unknown): Promise<unknown> {
    if (!this.#online)
      throw new WalletRpcError(RpcErrorCode.disconnected, "The provider is disconnected from all chains.");
    const ruleIndex = this.#rejections.findIndex((rule) => rule.method === method);
    if (ruleIndex >= 0) {
      this.#rejections.splice(ruleIndex, 1);
      throw WalletRpcError.userRejected();
    }

    switch (method) {
      case "eth_accounts":
        return this.#accountsFor(origin);
      case "eth_requestAccounts":
        if (this.#permissions.has(origin)) return this.#accountsFor(origin);
        return this.#withApproval(method, params, async () => {
          await this.#grant(origin);
          return this.#accountsFor(origin);
        });
      case "wallet_requestPermissions":
        parseAccountsPermissionParams(params, method);
        return this.#withApproval(method, params, async () => [await this.#grant(origin)]);
      case "wallet_getPermissions": {
        const permission = this.#permissions.get(origin);
        return permission ? [this.#withCurrentAccount(permission)] : [];
      }
      case "wallet_revokePermissions":
        parseAccountsPermissionParams(params, method);
        await this.disconnect(origin);
        return null;
      case "eth_chainId":
        return numberToHex(this.#chainId);
      case "net_version":
        return String(this.#chainId);
      case "wallet_switchEthereumChain": {
        const chainId = parseSwitchChainParams(params);
        if (!this.#chains.has(chainId)) {
          throw new WalletRpcError(
            RpcErrorCode.unrecognizedChain,
            `Unrecognized chain ID "${numberToHex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`,
          );
        }
        if (chainId === this.#chainId) return null;
        return this.#withApproval(method, params, async () => {
          await this.#setChain(chainId);
          return null;
        });
      }
      case "wallet_addEthereumChain": {
        const chain = parseAddChainParams(params);
        // Like MetaMask, approving the new network also switches to it (wagmi relies on this).
        return this.#withApproval(method, params, async () => {
          if (!this.#chains.has(chain.chainId)) this.addChain(chain);
          await this.#setChain(chain.chainId);
          return null;
        });
      }
      case "wallet_watchAsset": {
        const asset = parseWatchAssetParams(params);
        return this.#withApproval(method, params, async () => {
          this.#assets.push({ ...asset, origin });
          return true;
        });
      }
      case "eth_sendTransaction": {
        this.#requireConnected(origin);
        const tx = parseTransactionParams(params);
        this.#requireActive(tx.from);
        if (tx.chainId !== undefined && tx.chainId !== this.#chainId) {
          throw WalletRpcError.invalidParams(
            `chainId ${tx.chainId} does not match the wallet's network ${this.#chainId}`,
          );
        }
        return this.#withApproval(method, params, () => this.#signAndSend(origin, tx));
      }
      case "personal_sign": {
        this.#requireConnected(origin);
        const { message, address } = parsePersonalSignParams(params);
        this.#requireActive(address);
        return this.#withApproval(method, params, async () => {
          const signature = await this.#active.signMessage({ message });
          this.#signatures.push({ method, address: this.#active.address, signature, origin });
          return signature;
        });
      }
      case "eth_signTypedData_v4": {
        this.#requireConnected(origin);
        const { address, typedData, domainChainId } = parseTypedDataParams(params);
        this.#requireActive(address);
        if (domainChainId !== undefined && domainChainId !== this.#chainId) {
          throw WalletRpcError.invalidParams(
            `Provided chainId "${domainChainId}" must match the active chainId "${this.#chainId}"`,
          );
        }
        return this.#withApproval(method, params, async () => {
          const signature = await this.#active.signTypedData(typedData);
          this.#signatures.push({ method, address: this.#active.address, signature, origin });
          return signature;
        });
      }
      case "wallet_getCapabilities": {
        this.#requireConnected(origin);
        const { address, chainIds } = parseGetCapabilitiesParams(params);
        this.#requireActive(address);
        return this.#capabilities(address, chainIds);
      }
      case "wallet_sendCalls": {
        this.#requireConnected(origin);
        const request = parseSendCallsParams(params);
        this.#requireActive(request.from ?? this.#active.address);
        if (!this.#chains.has(request.chainId))
          throw new WalletRpcError(
            RpcErrorCode.unsupportedChainId,
            "This Wallet does not support the requested chain ID.",
          );
        if (request.chainId !== this.#chainId) {
          throw WalletRpcError.invalidParams(
            `chainId ${request.chainId} does not match the wallet's network ${this.#chainId}`,
          );
        }
        if (request.id !== undefined && this.#batches.has(request.id))
          throw new WalletRpcError(
            RpcErrorCode.duplicateId,
            "There is already a bundle submitted with this ID.",
          );
        const atomic = await this.#atomicStatus(request.chainId, this.#active.address);
        if (atomic === undefined && request.atomicRequired) {
          throw new WalletRpcError(
            RpcErrorCode.atomicityNotSupported,
            "The wallet does not support atomic execution but the request requires it.",
          );
        }
        return this.#withApproval(method, params, () => this.#sendCalls(origin, request, atomic));
      }
      case "wallet_getCallsStatus":
        return this.#batches.status(origin, parseCallsIdParams(params, method));
      case "wallet_showCallsStatus": {
        const id = parseCallsIdParams(params, method);
        this.#batches.requireKnown(origin, id);
        this.#shownCalls.push(id);
        return null;
      }
      default:
        if (
          unsupportedMethods.has(method) ||
          method.startsWith("wallet_") ||
          method.startsWith("personal_")
        ) {
          throw new WalletRpcError(
            RpcErrorCode.unsupportedMethod,
            `The method "${method}" is not supported by the POO Test Wallet.`,
          );
        }
        return this.#forward(method, params);
    }
  }

  // ---------------------------------------------------------------- internals

  #accountAt(index: number): PrivateKeyAccount {
    const account = this.accounts[index];
    if (!account)
      throw new Error(`the wallet has ${this.accounts.length} accounts; there is no index ${index}`);
    return account;
  }

  #accountsFor(origin: string): Address[] {
    return this.#permissions.has(origin) ? [this.#active.address] : [];
  }

  #requireConnected(origin: string): void {
    if (!this.#permissions.has(origin)) throw WalletRpcError.unauthorized();
  }

  #requireActive(address: Address): void {
    if (!isAddressEqual(address, this.#active.address)) throw WalletRpcError.unauthorized();
  }

  #withCurrentAccount(permission: AccountsPermission): AccountsPermission {
    return { ...permission, caveats: [{ type: "restrictReturnedAccounts", value: [this.#active.address] }] };
  }

  async #grant(origin: string): Promise<AccountsPermission> {
    const existing = this.#permissions.get(origin);
    const permission: AccountsPermission = existing ?? {
      id: randomUUID(),
      parentCapability: "eth_accounts",
      invoker: origin,
      date: Date.now(),
      caveats: [{ type: "restrictReturnedAccounts", value: [] }],
    };
    this.#permissions.set(origin, permission);
    if (!existing)
      await this.#emit({ event: "accountsChanged", payload: this.#accountsFor(origin) }, [origin]);
    return this.#withCurrentAccount(permission);
  }

  async #setChain(chainId: number): Promise<void> {
    if (chainId === this.#chainId) return;
    this.#chainId = chainId;
    await this.#emit({ event: "chainChanged", payload: numberToHex(chainId) }, "all");
  }

  async #emitAccountsToConnected(): Promise<void> {
    await Promise.all(
      this.connectedOrigins().map((origin) =>
        this.#emit({ event: "accountsChanged", payload: this.#accountsFor(origin) }, [origin]),
      ),
    );
  }

  async #emit(event: WalletEvent, origins: readonly string[] | "all"): Promise<void> {
    await Promise.all([...this.#sinks].map((sink) => sink(event, origins)));
  }

  /** Runs `action` as the user's "Confirm", one approval at a time, unless a rejection or hold applies. */
  async #withApproval<T>(method: string, params: unknown, action: () => Promise<T>): Promise<T> {
    return this.#oneAtATime(async () => {
      const ruleIndex = this.#rejections.findIndex((rule) => rule.method === undefined);
      if (ruleIndex >= 0) {
        this.#rejections.splice(ruleIndex, 1);
        throw WalletRpcError.userRejected();
      }
      const holdIndex = this.#holds.findIndex((hold) => hold.method === undefined || hold.method === method);
      if (holdIndex >= 0) {
        const [hold] = this.#holds.splice(holdIndex, 1);
        hold!.arrived({ method, params });
        if ((await hold!.decision) === "reject") throw WalletRpcError.userRejected();
      }
      return action();
    });
  }

  /** Runs `action` after every approval and send queued before it (so no two sends pick one nonce). */
  async #oneAtATime<T>(action: () => Promise<T>): Promise<T> {
    const previous = this.#approvalQueue;
    let release!: () => void;
    this.#approvalQueue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await action();
    } finally {
      release();
    }
  }

  #viemChain(chainId: number): Chain {
    const chain = this.#chains.get(chainId);
    if (!chain) throw new Error(`unknown chain ${chainId}`);
    return defineChain({
      id: chain.chainId,
      name: chain.chainName,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [this.rpcUrl] } },
    });
  }

  /**
   * Signs `transaction` with its sender's key for the given chain (default: the wallet's), sends it and
   * records it. `batchId` ties it to an EIP-5792 batch; `authorizationList` makes it an EIP-7702 one.
   */
  async #signAndSend(
    origin: string,
    transaction: TransactionParams,
    {
      chainId = this.#chainId,
      batchId,
      authorizationList,
    }: { chainId?: number; batchId?: string; authorizationList?: SignedAuthorizationList } = {},
  ): Promise<Hex> {
    const account = this.accounts.find((candidate) => isAddressEqual(candidate.address, transaction.from));
    if (!account) throw new Error(`the wallet has no key for ${transaction.from}`);
    const { hash, nonce } = await sendSignedTransaction({
      account,
      chain: this.#viemChain(chainId),
      rpcUrl: this.rpcUrl,
      transaction: { ...transaction, authorizationList },
    });
    if (authorizationList) this.#authorizations.set(hash.toLowerCase(), authorizationList);
    this.#sent.push({
      hash,
      from: account.address,
      to: transaction.to ? getAddress(transaction.to) : null,
      value: transaction.value ?? 0n,
      data: transaction.data,
      nonce,
      chainId,
      origin,
      ...(batchId === undefined ? {} : { batchId }),
      ...(authorizationList?.[0] ? { delegatesTo: getAddress(authorizationList[0].address) } : {}),
    });
    return hash;
  }

  // ---------------------------------------------------------------- EIP-5792 batches

  /** The atomic capability on `chainId` for `address`, or undefined where the wallet offers none. */
  async #atomicStatus(chainId: number, address: Address): Promise<"supported" | "ready" | undefined> {
    if (this.#batching === "off" || chainId !== this.#nodeChainId) return undefined;
    if (this.#batching === "supported" || this.#batching === "bundle") return "supported";
    return (await this.#batches.isDelegated(address)) ? "supported" : "ready";
  }

  /** wallet_getCapabilities: every known chain asked for, with `atomic` where the wallet offers it. */
  async #capabilities(
    address: Address,
    chainIds: readonly number[] | undefined,
  ): Promise<Record<Hex, object>> {
    const result: Record<Hex, object> = {};
    for (const chainId of chainIds ?? this.#chains.keys()) {
      if (!this.#chains.has(chainId)) continue;
      const status = await this.#atomicStatus(chainId, address);
      result[numberToHex(chainId)] = status ? { atomic: { status } } : {};
    }
    return result;
  }

  /** After the user's "Confirm": the upgrade question where the account is only "ready", then the sends. */
  async #sendCalls(
    origin: string,
    request: SendCallsRequest,
    atomicStatus: "supported" | "ready" | undefined,
  ): Promise<{ id: string }> {
    const account = this.#active;
    let atomic = atomicStatus !== undefined;
    if (atomicStatus === "ready") {
      const accepted = this.#upgradeDeclines === 0;
      if (!accepted) this.#upgradeDeclines--;
      this.#upgradeRequests.push({ account: account.address, chainId: request.chainId, origin, accepted });
      if (!accepted && request.atomicRequired) {
        throw new WalletRpcError(
          RpcErrorCode.upgradeRejected,
          "The wallet can support atomicity after an upgrade, but the user rejected the upgrade.",
        );
      }
      atomic = accepted;
    }
    if (this.#batching === "bundle")
      return { id: await this.#batches.sendBundle(account.address, origin, request) };
    const id = atomic
      ? await this.#batches.sendAtomically(account, origin, request)
      : await this.#batches.sendOneByOne(account.address, origin, request);
    return { id };
  }

  /** Sends the request to the node as is and passes its answer (or JSON-RPC error, with data) back. */
  async #forward(method: string, params: unknown): Promise<unknown> {
    const response = await this.#rpc.request({
      body: { jsonrpc: "2.0", id: this.#nextRpcId++, method, params: params ?? [] },
    });
    if ("error" in response && response.error) {
      const { code, message, data } = response.error as { code: number; message: string; data?: unknown };
      throw new WalletRpcError(code, message, data);
    }
    return (response as { result: unknown }).result;
  }
}
