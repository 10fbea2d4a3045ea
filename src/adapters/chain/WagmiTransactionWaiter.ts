import { waitForTransactionReceipt, type Config } from "@wagmi/core";
import type { TransactionOutcome, TransactionWaiter } from "../../application/ports/transactionWaiter";
import type { TransactionHash } from "../../domain/transactionHash";
import type { ChainContracts } from "./ChainContracts";
import { toChainDomainError } from "./toChainDomainError";

/** Five minutes, the spec's default wait for a response. */
export const RECEIPT_TIMEOUT_MS = 5 * 60 * 1000;

export class WagmiTransactionWaiter implements TransactionWaiter {
  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
  ) {}

  async waitForReceipt(hash: TransactionHash): Promise<TransactionOutcome> {
    try {
      const receipt = await waitForTransactionReceipt(this.config, {
        hash,
        chainId: this.contracts.currentChainId(),
        timeout: RECEIPT_TIMEOUT_MS,
      });
      return { hash, status: receipt.status, blockNumber: receipt.blockNumber };
    } catch (error) {
      throw toChainDomainError(error);
    }
  }
}
