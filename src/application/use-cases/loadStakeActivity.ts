import type { Address } from "../../domain/address";
import { toDomainError } from "../../domain/errors/toDomainError";
import type { StakeActivity } from "../../domain/stakeActivity";
import type { StakeActivitySource } from "../ports/stakeActivitySource";

/** The connected account's staking activity on a chain, newest first. */
export class LoadStakeActivity {
  constructor(private readonly source: StakeActivitySource) {}

  async execute(account: Address, chainId: number): Promise<StakeActivity> {
    try {
      return await this.source.loadActivity(account, chainId);
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
