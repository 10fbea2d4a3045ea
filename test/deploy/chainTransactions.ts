// Shared by the deployment tests (not a test itself: it declares none).
import type { EIP1193Provider } from "@nomicfoundation/ignition-core";
import { getAddress, type Address } from "viem";

export interface ChainTransactions {
  /** Addresses of the contracts created, in chain order: one per deployment transaction. */
  created: Address[];
  /** Block of the first contract creation. */
  firstCreationBlock: number | undefined;
  /** Transactions that called a contract or sent ether. */
  calls: number;
}

/** Every transaction mined on the chain so far, sorted into contract creations and calls. */
export async function chainTransactions(provider: EIP1193Provider): Promise<ChainTransactions> {
  const latest = Number(await provider.request({ method: "eth_blockNumber" }));
  const result: ChainTransactions = { created: [], firstCreationBlock: undefined, calls: 0 };
  for (let number = 0; number <= latest; number++) {
    const block = (await provider.request({
      method: "eth_getBlockByNumber",
      params: [`0x${number.toString(16)}`, true],
    })) as { transactions: { hash: string; to: string | null }[] };
    for (const tx of block.transactions) {
      if (tx.to !== null) {
        result.calls++;
        continue;
      }
      const receipt = (await provider.request({
        method: "eth_getTransactionReceipt",
        params: [tx.hash],
      })) as {
        contractAddress: string;
      };
      result.created.push(getAddress(receipt.contractAddress));
      result.firstCreationBlock ??= number;
    }
  }
  return result;
}
