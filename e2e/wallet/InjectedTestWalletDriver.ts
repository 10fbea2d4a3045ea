import type { BrowserContext, Page } from "@playwright/test";
import type { Address } from "viem";
import {
  installInjectedWallet,
  type InstallInjectedWalletOptions,
  type InstalledWallet,
} from "./installInjectedWallet";
import { TestWalletController, type TestWalletControllerOptions } from "./TestWalletController";
import type {
  ApprovalMethod,
  HeldApproval,
  SentCalls,
  SentTransaction,
  SignatureRecord,
  WaitOptions,
  WalletDriver,
} from "./WalletDriver";

export type InjectedTestWalletDriverOptions = TestWalletControllerOptions & InstallInjectedWalletOptions;

const DEFAULT_TIMEOUT_MS = 10_000;
const POLL_MS = 25;

/**
 * {@link WalletDriver} over the injected test wallet. `controller` gives specs the wallet's full
 * test-side API (request log, watched assets, chains, going offline) beyond the driver interface.
 */
export class InjectedTestWalletDriver implements WalletDriver {
  readonly controller: TestWalletController;
  readonly #installOptions: InstallInjectedWalletOptions;
  readonly #installations: InstalledWallet[] = [];
  #confirmedTransactions = 0;
  #confirmedCalls = 0;
  #confirmedSignatures = 0;

  constructor(options: InjectedTestWalletDriverOptions) {
    const { info, exposeAsWindowEthereum, ...controllerOptions } = options;
    this.controller = new TestWalletController(controllerOptions);
    this.#installOptions = { info, exposeAsWindowEthereum };
  }

  get name(): string {
    return this.#installations[0]?.info.name ?? this.#installOptions.info?.name ?? "POO Test Wallet";
  }

  async install(target: BrowserContext | Page): Promise<void> {
    this.#installations.push(await installInjectedWallet(target, this.controller, this.#installOptions));
  }

  /** Removes the wallet from the targets it was installed on. */
  async uninstall(): Promise<void> {
    const installations = this.#installations.splice(0);
    await Promise.all(installations.map((installation) => installation.uninstall()));
  }

  async accounts(): Promise<readonly Address[]> {
    return this.controller.addresses;
  }

  async activeAccount(): Promise<Address> {
    return this.controller.address;
  }

  async chainId(): Promise<number> {
    return this.controller.chainId;
  }

  async approveConnection(options?: WaitOptions): Promise<Address> {
    await this.#waitFor(
      "the app to connect to the wallet",
      options,
      () => this.controller.connectedOrigins().length > 0,
    );
    return this.controller.address;
  }

  async confirmTransaction(options?: WaitOptions): Promise<SentTransaction> {
    const transaction = await this.#waitFor("the app to send a transaction", options, () =>
      this.controller
        .sentTransactions()
        .filter((sent) => sent.batchId === undefined)
        .at(this.#confirmedTransactions),
    );
    this.#confirmedTransactions++;
    return transaction;
  }

  /** Resolves with the batch (its id and transaction hashes) once the wallet sent it. */
  async confirmCalls(options?: WaitOptions): Promise<SentCalls> {
    const batch = await this.#waitFor("the app to send a batch (wallet_sendCalls)", options, () =>
      this.controller.callBatches().at(this.#confirmedCalls),
    );
    this.#confirmedCalls++;
    return batch;
  }

  async confirmSignature(options?: WaitOptions): Promise<SignatureRecord> {
    const signature = await this.#waitFor("the app to request a signature", options, () =>
      this.controller.signatures().at(this.#confirmedSignatures),
    );
    this.#confirmedSignatures++;
    return signature;
  }

  async rejectNext(method?: ApprovalMethod): Promise<void> {
    this.controller.rejectNextRequest(method);
  }

  async holdNext(method?: ApprovalMethod): Promise<HeldApproval> {
    return this.controller.holdNextApproval(method);
  }

  switchAccount(indexOrAddress: number | Address): Promise<Address> {
    return this.controller.switchAccount(indexOrAddress);
  }

  switchChain(chainId: number): Promise<void> {
    return this.controller.switchChain(chainId);
  }

  disconnect(): Promise<void> {
    return this.controller.disconnect();
  }

  async sentTransactions(): Promise<readonly SentTransaction[]> {
    return this.controller.sentTransactions();
  }

  async #waitFor<T>(
    what: string,
    options: WaitOptions | undefined,
    probe: () => T | undefined | false,
  ): Promise<T> {
    const deadline = Date.now() + (options?.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    for (;;) {
      const value = probe();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) {
        const seen = this.controller
          .requests()
          .map(
            (request) =>
              `${request.method} (${request.outcome}${request.error ? ` ${request.error.code}` : ""})`,
          );
        throw new Error(
          `Timed out waiting for ${what}. Requests the wallet saw: ${seen.join(", ") || "none"}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
