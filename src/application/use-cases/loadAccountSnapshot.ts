import type { Address } from "../../domain/address";
import { toDomainError } from "../../domain/errors/toDomainError";
import type { AccountSnapshot, AccountSnapshotSource } from "../ports/accountSnapshotSource";

/** Balances, stake, rewards and staking parameters of one account on one chain, in one batched read. */
export class LoadAccountSnapshot {
  constructor(private readonly snapshots: AccountSnapshotSource) {}

  async execute(account: Address, chainId: number): Promise<AccountSnapshot> {
    try {
      return await this.snapshots.loadSnapshot(account, chainId);
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
