import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import type { Signer } from "../../application/ports/signer";
import type { StakingGateway, WriteOptions } from "../../application/ports/stakingGateway";
import { fakeTransactionHash } from "./fakeTransactionHash";

export type FakeStakingGatewayCall =
  | {
      readonly method: "stake";
      readonly signer: Signer;
      readonly amount: bigint;
      readonly hash: TransactionHash;
      readonly options: WriteOptions | undefined;
    }
  | {
      readonly method: "withdraw";
      readonly signer: Signer;
      readonly hash: TransactionHash;
      readonly options: WriteOptions | undefined;
    };

/** Records every stake and withdraw it is asked to send. Queue a failure with failNext. */
export class FakeStakingGateway implements StakingGateway {
  readonly calls: FakeStakingGatewayCall[] = [];
  private readonly failures = new Map<FakeStakingGatewayCall["method"], unknown>();
  private sent = 0;

  /** `address`: the staking contract on every chain. */
  constructor(private readonly address: Address) {}

  stakingAddress(): Address {
    return this.address;
  }

  failNext(method: FakeStakingGatewayCall["method"], error: unknown): this {
    this.failures.set(method, error);
    return this;
  }

  async stake(signer: Signer, amount: bigint, options?: WriteOptions): Promise<TransactionHash> {
    const hash = this.send("stake");
    this.calls.push({ method: "stake", signer, amount, hash, options });
    return hash;
  }

  async withdraw(signer: Signer, options?: WriteOptions): Promise<TransactionHash> {
    const hash = this.send("withdraw");
    this.calls.push({ method: "withdraw", signer, hash, options });
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
