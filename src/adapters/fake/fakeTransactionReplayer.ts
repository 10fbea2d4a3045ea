import type { TransactionReplayer } from "../../application/ports/transactionReplayer";
import type { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { TransactionHash } from "../../domain/transactionHash";

/** Answers the reason a test gave for a hash (undefined otherwise: the replay could not tell); keeps the asks. */
export class FakeTransactionReplayer implements TransactionReplayer {
  readonly asked: Array<{ readonly hash: TransactionHash; readonly chainId: number }> = [];
  private readonly reasons = new Map<string, ContractRevertError>();
  private next: ContractRevertError | undefined;

  /** The next replay, whatever its hash, finds `reason`. */
  findNext(reason: ContractRevertError): this {
    this.next = reason;
    return this;
  }

  async whyReverted(hash: TransactionHash, chainId: number): Promise<ContractRevertError | undefined> {
    this.asked.push({ hash, chainId });
    const next = this.next;
    this.next = undefined;
    return next ?? this.reasons.get(hash.toLowerCase());
  }
}
