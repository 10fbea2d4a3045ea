import { getPublicClient, type Config } from "@wagmi/core";
import type { PublicClient } from "viem";
import type { TransactionReplayer } from "../../application/ports/transactionReplayer";
import type { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { TransactionHash } from "../../domain/transactionHash";
import { revertDataOf } from "./revertDataOf";
import { revertFromData } from "./revertFromData";

/**
 * Replays a failed transaction with viem's `call` on the chain it was mined on, as the local explorer
 * does: the same sender, recipient, calldata, value and gas limit, first on the state before its block
 * (where the app's checks saw it), then on its block's (a change mined just before it in the same
 * block, such as the owner pausing the pool, shows only there).
 */
export class ViemTransactionReplayer implements TransactionReplayer {
  constructor(private readonly config: Config) {}

  async whyReverted(hash: TransactionHash, chainId: number): Promise<ContractRevertError | undefined> {
    try {
      const client = getPublicClient(this.config, { chainId }) as PublicClient | undefined;
      if (!client) return undefined;
      const [transaction, receipt] = await Promise.all([
        client.getTransaction({ hash }),
        client.getTransactionReceipt({ hash }),
      ]);
      if (receipt.status !== "reverted" || !transaction.to) return undefined;
      for (const blockNumber of [receipt.blockNumber - 1n, receipt.blockNumber]) {
        const data = await client
          .call({
            account: transaction.from,
            to: transaction.to,
            data: transaction.input,
            value: transaction.value,
            gas: transaction.gas,
            blockNumber,
          })
          .then(
            () => undefined,
            (error: unknown) => revertDataOf(error),
          );
        const reason = data === undefined ? undefined : revertFromData(data);
        if (reason) return reason;
      }
      return undefined;
    } catch {
      return undefined;
    }
  }
}
