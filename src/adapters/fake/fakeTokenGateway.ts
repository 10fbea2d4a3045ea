import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import type { Signer } from "../../application/ports/signer";
import type { WriteOptions } from "../../application/ports/stakingGateway";
import type { TokenGateway } from "../../application/ports/tokenGateway";
import { fakeTransactionHash } from "./fakeTransactionHash";

export type FakeTokenGatewayCall =
  | { readonly method: "balanceOf"; readonly account: Address }
  | { readonly method: "allowance"; readonly owner: Address; readonly spender: Address }
  | {
      readonly method: "approve";
      readonly signer: Signer;
      readonly spender: Address;
      readonly amount: bigint;
      readonly hash: TransactionHash;
      readonly options: WriteOptions | undefined;
    };

/**
 * In-memory POO token. Balances and allowances are set by the test; `approve` records the call and
 * sets the signer's allowance. Queue a failure with failNext.
 */
export class FakeTokenGateway implements TokenGateway {
  readonly calls: FakeTokenGatewayCall[] = [];
  private readonly balances = new Map<string, bigint>();
  private readonly allowances = new Map<string, bigint>();
  private readonly failures = new Map<FakeTokenGatewayCall["method"], unknown>();
  private sent = 0;

  setBalance(account: Address, amount: bigint): this {
    this.balances.set(account.toLowerCase(), amount);
    return this;
  }

  setAllowance(owner: Address, spender: Address, amount: bigint): this {
    this.allowances.set(allowanceKey(owner, spender), amount);
    return this;
  }

  /** The next call of `method` rejects with `error` (then behaves normally again). */
  failNext(method: FakeTokenGatewayCall["method"], error: unknown): this {
    this.failures.set(method, error);
    return this;
  }

  /** Approvals sent, in order. */
  get approvals(): Array<Extract<FakeTokenGatewayCall, { method: "approve" }>> {
    return this.calls.filter((call) => call.method === "approve");
  }

  async balanceOf(account: Address): Promise<bigint> {
    this.calls.push({ method: "balanceOf", account });
    this.throwIfQueued("balanceOf");
    return this.balances.get(account.toLowerCase()) ?? 0n;
  }

  async allowance(owner: Address, spender: Address): Promise<bigint> {
    this.calls.push({ method: "allowance", owner, spender });
    this.throwIfQueued("allowance");
    return this.allowances.get(allowanceKey(owner, spender)) ?? 0n;
  }

  async approve(
    signer: Signer,
    spender: Address,
    amount: bigint,
    options?: WriteOptions,
  ): Promise<TransactionHash> {
    this.throwIfQueued("approve");
    this.sent += 1;
    const hash = fakeTransactionHash(0xa0, this.sent);
    this.calls.push({ method: "approve", signer, spender, amount, hash, options });
    this.setAllowance(signer.account, spender, amount);
    return hash;
  }

  private throwIfQueued(method: FakeTokenGatewayCall["method"]): void {
    if (!this.failures.has(method)) return;
    const error = this.failures.get(method);
    this.failures.delete(method);
    throw error;
  }
}

function allowanceKey(owner: Address, spender: Address): string {
  return `${owner.toLowerCase()}:${spender.toLowerCase()}`;
}
