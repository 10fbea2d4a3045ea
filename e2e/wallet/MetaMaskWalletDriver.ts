import type { BrowserContext, Page } from "@playwright/test";
import { getAddress, isAddressEqual, type Address, type Hex, type PublicClient } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import {
  approveButton,
  listedTokens,
  rejectButton,
  requestOriginHost,
  requestScreenOf,
  type RequestScreen,
} from "../metamask/metaMaskActions";
import type { MetaMaskSession } from "../metamask/MetaMaskSession";
import { HARDHAT_MNEMONIC, METAMASK_ACCOUNT_COUNT } from "../metamask/walletSecrets";
import type {
  ApprovalMethod,
  HeldApproval,
  SentCalls,
  SentTransaction,
  SignatureRecord,
  WaitOptions,
  WalletDriver,
} from "./WalletDriver";

/** Time a request may take to show up in MetaMask (its screens take seconds on a busy machine). */
const DEFAULT_TIMEOUT_MS = 120_000;
const POLL_MS = 250;
/**
 * notification.html showing no request this long while one is awaited: open it afresh. Generous: the
 * page takes tens of seconds to load on a busy machine, and reloading it meanwhile stalls it further.
 */
const REOPEN_AFTER_MS = 30_000;

const SCREENS_OF: Record<ApprovalMethod, readonly RequestScreen[]> = {
  eth_requestAccounts: ["connect"],
  wallet_requestPermissions: ["connect"],
  eth_sendTransaction: ["transaction"],
  wallet_sendCalls: ["transaction"],
  personal_sign: ["signature"],
  eth_signTypedData_v4: ["signature"],
  wallet_switchEthereumChain: ["confirmation", "switchNetwork"],
  wallet_addEthereumChain: ["confirmation", "addNetwork"],
  wallet_watchAsset: ["watchAsset"],
};
const ANY_SCREEN: readonly RequestScreen[] = [
  "connect",
  "transaction",
  "signature",
  "watchAsset",
  "addNetwork",
  "switchNetwork",
  "confirmation",
];

const METHOD_OF: Record<RequestScreen, string> = {
  connect: "wallet_requestPermissions",
  transaction: "eth_sendTransaction",
  signature: "personal_sign",
  watchAsset: "wallet_watchAsset",
  addNetwork: "wallet_addEthereumChain",
  switchNetwork: "wallet_switchEthereumChain",
  confirmation: "wallet_addEthereumChain or wallet_switchEthereumChain",
};

interface ShownRequest {
  readonly page: Page;
  readonly screen: RequestScreen;
  readonly id: string;
}

/** A request the app page made of its wallet, as the session's init script recorded it. */
export interface RecordedRequest {
  readonly method?: string;
  readonly outcome: "pending" | "ok" | "error";
  readonly result?: unknown;
  readonly code?: unknown;
}

export interface MetaMaskWalletDriverOptions {
  /** The browser with MetaMask (one per spec file). */
  readonly session: MetaMaskSession;
  /** The chain MetaMask sends to, read to find what it sent (the node is the record, not MetaMask). */
  readonly publicClient: PublicClient;
}

/**
 * {@link WalletDriver} over the real MetaMask extension: approvals and rejections are clicks in
 * MetaMask's own request screens (notification.html), account and network changes are made in its home
 * screen, and what was sent is read back from the chain. One driver per test; the browser is shared by
 * a spec file's tests (see e2e/metamask/fixtures.ts).
 */
export class MetaMaskWalletDriver implements WalletDriver {
  readonly name = "MetaMask";
  readonly #session: MetaMaskSession;
  readonly #publicClient: PublicClient;
  readonly #accounts: readonly Address[];
  readonly #sent: SentTransaction[] = [];
  /** Ids of request screens this driver already answered (MetaMask shows a stale one for a moment). */
  readonly #answered = new Set<string>();
  /** Rejections and holds armed before the app's request, running in the background. */
  readonly #background: Promise<void>[] = [];

  constructor(options: MetaMaskWalletDriverOptions) {
    this.#session = options.session;
    this.#publicClient = options.publicClient;
    this.#accounts = Array.from({ length: METAMASK_ACCOUNT_COUNT }, (_, addressIndex) =>
      getAddress(mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex }).address),
    );
  }

  /** MetaMask's pages, for the MetaMask-only specs. */
  get session(): MetaMaskSession {
    return this.#session;
  }

  async install(target: BrowserContext | Page): Promise<void> {
    const context = "context" in target ? target.context() : target;
    if (context !== this.#session.context) {
      throw new Error("MetaMask lives in its own browser: open app pages in the session's context.");
    }
  }

  async accounts(): Promise<readonly Address[]> {
    return this.#accounts;
  }

  async activeAccount(): Promise<Address> {
    return this.#account(this.#session.selectedAccount - 1);
  }

  async chainId(): Promise<number> {
    const page = this.#appPage();
    const hex = await page.evaluate(() =>
      (window as { ethereum?: { request(args: unknown): Promise<unknown> } }).ethereum?.request({
        method: "eth_chainId",
      }),
    );
    return Number(hex);
  }

  async approveConnection(options?: WaitOptions): Promise<Address> {
    await this.#answer(["connect"], "approve", options);
    return this.activeAccount();
  }

  async confirmTransaction(options?: WaitOptions): Promise<SentTransaction> {
    const from = await this.activeAccount();
    const nonce = await this.#publicClient.getTransactionCount({ address: from, blockTag: "latest" });
    const shown = await this.#waitForRequest(["transaction"], options);
    const host = await requestOriginHost(shown.page);
    await this.#click(shown, "approve");
    const transaction = await this.#minedTransaction(from, nonce, options);
    const sent: SentTransaction = {
      ...transaction,
      origin: host ? `http://${host}` : new URL(this.#appPage().url()).origin,
    };
    this.#sent.push(sent);
    return sent;
  }

  /**
   * MetaMask batches (EIP-5792) only through its own EIP-7702 account, on chains its remote feature
   * flag lists; the local test chains are not among them, so the app never asks it for a batch here.
   */
  async confirmCalls(): Promise<SentCalls> {
    throw new Error("MetaMask reports no batching capability on the local test chains: no batch to confirm");
  }

  async confirmSignature(options?: WaitOptions): Promise<SignatureRecord> {
    const page = this.#appPage();
    const before = (await this.recordedRequests(page)).length;
    await this.#answer(["signature"], "approve", options);
    const address = await this.activeAccount();
    const deadline = Date.now() + (options?.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    for (;;) {
      const signed = (await this.recordedRequests(page))
        .slice(before > 0 ? before - 1 : 0)
        .find((request) => request.method === "personal_sign" && request.outcome === "ok");
      if (signed && typeof signed.result === "string") {
        return {
          method: "personal_sign",
          address,
          signature: signed.result as Hex,
          origin: new URL(page.url()).origin,
        };
      }
      if (Date.now() > deadline) throw new Error("MetaMask signed, but the app never received a signature.");
      await sleep(POLL_MS);
    }
  }

  /** Approves the next "Add suggested token" request (`wallet_watchAsset`). */
  async approveWatchAsset(options?: WaitOptions): Promise<void> {
    await this.#answer(["watchAsset"], "approve", options);
  }

  /** Approves the next network request (add a network, switch to one); resolves with its screen's text. */
  async approveNetworkRequest(options?: WaitOptions): Promise<string> {
    // MetaMask 13 shows a site's "add network" request with its redesigned confirmations, under the
    // same route as a transaction (#confirm-transaction/<id>): told apart by what the screen says.
    const shown = await this.#waitForRequest(
      ["confirmation", "addNetwork", "switchNetwork", "transaction"],
      options,
    );
    const text = await shown.page.locator("body").innerText();
    if (shown.screen === "transaction" && !/network/i.test(text)) {
      throw new Error(`MetaMask shows a transaction request, not a network request:\n${text.slice(0, 500)}`);
    }
    await this.#click(shown, "approve");
    return text;
  }

  /** The tokens MetaMask's home screen lists, with their balances ("999,850 POO"). */
  async listedTokens(): Promise<string[]> {
    await this.#session.walletPage.bringToFront();
    try {
      return await listedTokens(this.#session.walletPage, this.#session.extensionId);
    } finally {
      await this.#session.focusApp();
    }
  }

  async rejectNext(method?: ApprovalMethod): Promise<void> {
    const screens = method ? SCREENS_OF[method] : ANY_SCREEN;
    this.#inBackground(this.#answer(screens, "reject").then(() => undefined));
  }

  async holdNext(method?: ApprovalMethod): Promise<HeldApproval> {
    const screens = method ? SCREENS_OF[method] : ANY_SCREEN;
    const shown = this.#waitForRequest(screens);
    shown.catch(() => undefined); // reported by whichever of the methods below the test calls
    return {
      request: async () => ({ method: METHOD_OF[(await shown).screen], params: undefined }),
      approve: async () => this.#click(await shown, "approve"),
      reject: async () => this.#click(await shown, "reject"),
    };
  }

  async switchAccount(indexOrAddress: number | Address): Promise<Address> {
    const index =
      typeof indexOrAddress === "number"
        ? indexOrAddress
        : this.#accounts.findIndex((account) => isAddressEqual(account, indexOrAddress));
    const address = this.#account(index);
    await this.#session.selectAccount(index + 1);
    return address;
  }

  async switchChain(chainId: number): Promise<void> {
    throw new Error(
      `MetaMaskWalletDriver.switchChain(${chainId}): MetaMask 13 keeps a network per site; switching it from ` +
        "within the wallet is not driven here. Start MetaMask without the network instead (metaMaskNetwork: 'none').",
    );
  }

  async disconnect(): Promise<void> {
    throw new Error("MetaMaskWalletDriver.disconnect(): disconnect from the app (RainbowKit's Disconnect).");
  }

  async sentTransactions(): Promise<readonly SentTransaction[]> {
    return [...this.#sent];
  }

  /** Waits for the rejections armed with `rejectNext`; fails with their error if one failed. */
  async settle(): Promise<void> {
    await Promise.all(this.#background.splice(0));
  }

  #account(index: number): Address {
    const account = this.#accounts[index];
    if (!account) throw new Error(`MetaMask holds accounts 0–${this.#accounts.length - 1}, not ${index}`);
    return account;
  }

  #appPage(): Page {
    const page = this.#session.appPage();
    if (!page) throw new Error("No app page is open in MetaMask's browser.");
    return page;
  }

  #inBackground(task: Promise<void>): void {
    task.catch(() => undefined); // surfaced by settle()
    this.#background.push(task);
  }

  /** What the app page asked of MetaMask so far, oldest first (method, outcome, result or error code). */
  async recordedRequests(page: Page = this.#appPage()): Promise<RecordedRequest[]> {
    return page.evaluate(() =>
      ((window as { __walletRequests?: RecordedRequest[] }).__walletRequests ?? []).map((r) => ({ ...r })),
    );
  }

  async #answer(
    screens: readonly RequestScreen[],
    action: "approve" | "reject",
    options?: WaitOptions,
  ): Promise<ShownRequest> {
    const shown = await this.#waitForRequest(screens, options);
    await this.#click(shown, action);
    return shown;
  }

  async #click(shown: ShownRequest, action: "approve" | "reject"): Promise<void> {
    const button =
      action === "approve" ? approveButton(shown.page, shown.screen) : rejectButton(shown.page, shown.screen);
    await shown.page.bringToFront();
    await button.click();
    this.#answered.add(shown.id);
    await this.#session.focusApp();
  }

  /**
   * Polls notification.html until it shows one of `screens` (a request not answered yet) with its
   * button enabled. MetaMask moves the open page on to the next request by itself; the page is opened
   * afresh only when it has sat on MetaMask's home screen for a while.
   */
  async #waitForRequest(screens: readonly RequestScreen[], options?: WaitOptions): Promise<ShownRequest> {
    const deadline = Date.now() + (options?.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let page = await this.#session.notificationPage();
    let idleSince = Date.now();
    for (;;) {
      const shown = requestScreenOf(page.url());
      if (shown && !this.#answered.has(shown.id)) {
        idleSince = Date.now();
        if (screens.includes(shown.screen)) {
          const button = approveButton(page, shown.screen);
          if ((await button.isVisible()) && (await button.isEnabled())) return { page, ...shown };
        }
      } else if (!shown && Date.now() - idleSince > REOPEN_AFTER_MS) {
        page = await this.#session.reopenNotificationPage();
        idleSince = Date.now();
      }
      if (Date.now() > deadline) {
        throw new Error(
          `Timed out waiting for MetaMask to show a ${screens.join(" / ")} request; it shows ${page.url()}`,
        );
      }
      await sleep(POLL_MS);
    }
  }

  /** The transaction `from` sent with `nonce`, once the node has mined it. */
  async #minedTransaction(
    from: Address,
    nonce: number,
    options?: WaitOptions,
  ): Promise<Omit<SentTransaction, "origin">> {
    const deadline = Date.now() + (options?.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    while ((await this.#publicClient.getTransactionCount({ address: from, blockTag: "latest" })) <= nonce) {
      if (Date.now() > deadline) {
        throw new Error(`MetaMask's transaction from ${from} (nonce ${nonce}) was not mined in time.`);
      }
      await sleep(POLL_MS);
    }
    let blockNumber = await this.#publicClient.getBlockNumber();
    for (let scanned = 0; scanned < 50 && blockNumber >= 0n; scanned++, blockNumber--) {
      const block = await this.#publicClient.getBlock({ blockNumber, includeTransactions: true });
      const transaction = block.transactions.find(
        (candidate) => isAddressEqual(candidate.from, from) && candidate.nonce === nonce,
      );
      if (transaction) {
        return {
          hash: transaction.hash,
          from: getAddress(transaction.from),
          to: transaction.to ? getAddress(transaction.to) : null,
          value: transaction.value,
          data: transaction.input,
          nonce: transaction.nonce,
          chainId: transaction.chainId ?? (await this.#publicClient.getChainId()),
        };
      }
    }
    throw new Error(`No transaction from ${from} with nonce ${nonce} in the last 50 blocks.`);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
