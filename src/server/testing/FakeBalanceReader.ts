import type { Address } from "viem";
import type { BalanceAtBlock, BalanceReader } from "../ports/BalanceReader";

/** POO balances set by the test at a settable block; records which (chain, address) pairs were read. */
export class FakeBalanceReader implements BalanceReader {
  readonly reads: Array<{ chainId: number; address: Address }> = [];
  /** Each pooBalancesAt call: the block and how many addresses. */
  readonly batchReads: Array<{ chainId: number; blockNumber: bigint; count: number }> = [];
  failure: Error | undefined;
  blockNumber = 100n;
  private readonly balances = new Map<string, bigint>();

  set(chainId: number, address: Address, balance: bigint): this {
    this.balances.set(`${chainId}:${address.toLowerCase()}`, balance);
    return this;
  }

  async pooBalanceOf(chainId: number, address: Address): Promise<BalanceAtBlock> {
    this.reads.push({ chainId, address });
    if (this.failure) throw this.failure;
    return { balanceWei: this.balanceOf(chainId, address), blockNumber: this.blockNumber };
  }

  async latestBlock(): Promise<bigint> {
    if (this.failure) throw this.failure;
    return this.blockNumber;
  }

  async pooBalancesAt(
    chainId: number,
    addresses: readonly Address[],
    blockNumber: bigint,
  ): Promise<bigint[]> {
    this.batchReads.push({ chainId, blockNumber, count: addresses.length });
    if (this.failure) throw this.failure;
    return addresses.map((address) => this.balanceOf(chainId, address));
  }

  private balanceOf(chainId: number, address: Address): bigint {
    return this.balances.get(`${chainId}:${address.toLowerCase()}`) ?? 0n;
  }
}
