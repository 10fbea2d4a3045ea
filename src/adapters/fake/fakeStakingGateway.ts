import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import type { StakingGateway } from "../../application/ports/stakingGateway";
import { fakeTransactionHash } from "./fakeTransactionHash";

export type FakeStakingGatewayCall =
  | { readonly method: "stake"; readonly amount: bigint; readonly hash: TransactionHash }
  | { readonly method: "withdraw"; readonly hash: TransactionHash };

/** Records every stake and withdraw it is asked to send. Queue a failure with failNext. */
export class FakeStakingGateway implements StakingGateway {
  readonly calls: FakeStakingGatewayCall[] = [];
  private readonly failures = new Map<FakeStakingGatewayCall["method"], unknown>();
  private sent = 0;

  constructor(readonly contractAddress: Address) {}

  failNext(method: FakeStakingGatewayCall["method"], error: unknown): this {
    this.failures.set(method, error);
    return this;
  }

  async stake(amount: bigint): Promise<TransactionHash> {
    const hash = this.send("stake");
    this.calls.push({ method: "stake", amount, hash });
    return hash;
  }

  async withdraw(): Promise<TransactionHash> {
    const hash = this.send("withdraw");
    this.calls.push({ method: "withdraw", hash });
    return hash;
  }

  private send(method: FakeStakingGatewayCall["method"]): TransactionHash {
    if (this.failures.has(method)) {
      const error = this.failures.get(method);
      this.failures.delete(method);
      throw error;
    }
    this.sent += 1;
    return fakeTransactionHash(0xb0, this.sent);
  }
}
