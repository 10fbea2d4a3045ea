import type { Address } from "viem";
import type { BalanceReader } from "../ports/BalanceReader";

/** POO balances set by the test; records which (chain, address) pairs were read. */
export class FakeBalanceReader implements BalanceReader {
  readonly reads: Array<{ chainId: number; address: Address }> = [];
  failure: Error | undefined;
  private readonly balances = new Map<string, bigint>();

  set(chainId: number, address: Address, balance: bigint): this {
    this.balances.set(`${chainId}:${address.toLowerCase()}`, balance);
    return this;
  }

  async pooBalanceOf(chainId: number, address: Address): Promise<bigint> {
    this.reads.push({ chainId, address });
    if (this.failure) throw this.failure;
    return this.balances.get(`${chainId}:${address.toLowerCase()}`) ?? 0n;
  }
}
